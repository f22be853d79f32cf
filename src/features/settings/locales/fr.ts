import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Paramètres',
  language: 'Langue',
  languageHint: 'Tant que vous n’en choisissez pas, l’application suit la langue du navigateur.',
  colorScheme: 'Couleurs',
  light: 'Clair',
  dark: 'Sombre',
  auto: 'Comme l’appareil',
  signedIn: 'Connecté',
  practice: 'Cabinet',
  address: 'Adresse du cabinet',
  user: 'Utilisateur',
  method: 'Connecté avec',
  methodBasic: 'Nom d’utilisateur {{user}} et mot de passe',
  methodKey: 'Clé API',
  kept: 'Conservé',
  remembered: 'Sur cet appareil, jusqu’à la déconnexion',
  notRemembered: 'Jusqu’à la fermeture de cet onglet',
  signOut: 'Se déconnecter',
  startPage: {
    title: 'Page d’accueil',
    label: 'Ouvrir après la connexion',
    hint: 'Le domaine que l’application affiche après la connexion. Enregistré sur cet appareil.',
  },
  lock: {
    title: 'Verrouillage de l’écran',
    enabled: 'Verrouiller l’écran lorsque personne n’utilise l’application',
    enabledHint:
      'Après le délai choisi sans clavier, souris ni écran tactile, tous les onglets de l’application sont masqués jusqu’à la saisie du mot de passe. Conservé sur cet appareil.',
    rememberedHint:
      'Toujours actif\u202f: vous vous êtes connecté·e avec « Se souvenir de moi sur cet appareil », la connexion survit donc à cet onglet. Connectez-vous sans cette option pour désactiver le verrouillage.',
    minutes: 'Minutes sans saisie',
    minutesHint: 'De {{min}} à {{max}} minutes.',
  },
  notKept:
    'Ce navigateur n’a pas enregistré ce choix (son stockage est désactivé ou plein)\u202f: rien n’a changé.',
  canton: {
    title: 'Canton du cabinet',
    label: 'Jours fériés du canton',
    hint: 'Utilisé seulement si le serveur du cabinet n’indique pas lui-même ses jours fériés\u202f: l’agenda les affiche et la prise de rendez-vous ne les propose pas. Enregistré sur cet appareil.',
    none: 'Aucun choisi',
  },
};
