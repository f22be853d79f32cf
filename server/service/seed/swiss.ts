/** Plausible Swiss demo values: names (with umlauts and double names), places, insurers, tariff codes. */

export const lastNames = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Bühler',
  'Kälin',
  'Zürcher',
  'Gauthier',
  'Rochat',
  'Favre',
  'Bernasconi',
  'Rossi',
  'Bianchi',
  'Fontana',
  'Lüthi',
  'Hofstetter',
  'Ammann',
  'Suter',
  'Marti',
  'Egli',
  'Vogel',
  'Aebischer',
  'Berset',
  'Chevalley',
];
export const doubleNames = ['Müller-Schmid', 'Keller-Rochat', 'Favre-Bühler', 'Rossi-Meier', 'Graf-Lüthi'];

export const femaleFirst = [
  'Anna',
  'Laura',
  'Sarah',
  'Lea',
  'Julia',
  'Nina',
  'Sophie',
  'Chloé',
  'Elena',
  'Giulia',
  'Martina',
  'Ursula',
  'Brigitte',
  'Mélanie',
  'Noémie',
  'Zoë',
  'Jana',
  'Franziska',
  'Claudia',
  'Chiara',
];
export const maleFirst = [
  'Lukas',
  'Jonas',
  'Noah',
  'David',
  'Marco',
  'Thomas',
  'Daniel',
  'Luca',
  'Nicolas',
  'Matteo',
  'Urs',
  'Beat',
  'Reto',
  'Jürg',
  'René',
  'Stéphane',
  'Andrea',
  'Samuel',
  'Fabian',
  'Dominik',
];

export const places: readonly { zip: string; city: string; lang: 'de' | 'fr' | 'it' }[] = [
  { zip: '8001', city: 'Zürich', lang: 'de' },
  { zip: '3011', city: 'Bern', lang: 'de' },
  { zip: '4051', city: 'Basel', lang: 'de' },
  { zip: '6003', city: 'Luzern', lang: 'de' },
  { zip: '9000', city: 'St. Gallen', lang: 'de' },
  { zip: '8400', city: 'Winterthur', lang: 'de' },
  { zip: '5000', city: 'Aarau', lang: 'de' },
  { zip: '7000', city: 'Chur', lang: 'de' },
  { zip: '1003', city: 'Lausanne', lang: 'fr' },
  { zip: '1201', city: 'Genève', lang: 'fr' },
  { zip: '2000', city: 'Neuchâtel', lang: 'fr' },
  { zip: '1700', city: 'Fribourg', lang: 'fr' },
  { zip: '6900', city: 'Lugano', lang: 'it' },
  { zip: '6500', city: 'Bellinzona', lang: 'it' },
];

export const streets = [
  'Bahnhofstrasse',
  'Hauptstrasse',
  'Dorfstrasse',
  'Seestrasse',
  'Kirchweg',
  'Rue du Lac',
  'Avenue de la Gare',
  'Via Nassa',
  'Gartenstrasse',
  'Schulhausstrasse',
  'Rosenweg',
  'Chemin des Vignes',
];

export const insurers = [
  'CSS',
  'Helsana',
  'SWICA',
  'Sanitas',
  'Visana',
  'Concordia',
  'Groupe Mutuel',
  'Assura',
  'KPT',
  'Atupri',
];

export const mailDomains = ['bluewin.ch', 'gmx.ch', 'sunrise.ch', 'hispeed.ch', 'protonmail.ch'];

export function mailFor(first: string, last: string, n: number, domain: string): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${ascii(first)}.${ascii(last)}${n > 0 ? n : ''}@${domain}`;
}

export function mobileFor(n: number): string {
  const s = String(1000000 + ((n * 7919) % 9000000)).padStart(7, '0');
  return `+41 79 ${s.slice(0, 3)} ${s.slice(3, 5)} ${s.slice(5, 7)}`;
}

/** A well-formed AHV number (756.XXXX.XXXX.XC) with its EAN-13 check digit. */
export function ahvFor(n: number): string {
  const body = `756${String(100000000 + n * 37).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  const d = body + check;
  return `${d.slice(0, 3)}.${d.slice(3, 7)}.${d.slice(7, 11)}.${d.slice(11)}`;
}
