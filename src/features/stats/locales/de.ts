import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Statistik',
  intro:
    'Leads gruppiert und gezählt, oder ihre Umsätze und Kosten summiert (kommerzielle Angaben der Leads). Gelöschte Leads werden nicht gezählt.',
  filter: {
    legend: 'Filter der Statistik',
    groupBy: 'Gruppieren nach',
    metric: 'Messgrösse',
    pipeline: 'Pipeline',
    assignee: 'Zuständig',
    folder: 'Ordner',
    from: 'Erstellt ab',
    to: 'Erstellt bis',
    clearFrom: 'Ab-Datum leeren',
    clearTo: 'Bis-Datum leeren',
    clearAssignee: 'Zuständige Person leeren',
    clearFolder: 'Ordner leeren',
    dateHint: 'TT.MM.JJJJ',
    everyone: 'Alle',
    everyFolder: 'Alle Ordner',
    reset: 'Filter zurücksetzen',
  },
  pipeline: {
    all: 'Beide',
    patients: 'Patienten',
    contacts: 'Kontakte',
  },
  groupBy: {
    folder: 'Ordner',
    source: 'Quelle',
    assignee: 'Zuständig',
    country: 'Land',
    what: 'Anliegen',
    nextStep: 'Nächster Schritt',
    day: 'Tag',
    week: 'Woche',
    month: 'Monat',
  },
  metric: {
    count: 'Anzahl Leads',
    revenue: 'Umsatz (CHF)',
    costs: 'Kosten (CHF)',
  },
  metricShort: {
    count: 'Anzahl',
    revenue: 'Umsatz',
    costs: 'Kosten',
  },
  chart: {
    title: '{{metric}} nach {{groupBy}}',
    label: 'Diagramm: {{metric}} nach {{groupBy}}. Die Tabelle daneben enthält dieselben Werte.',
    tableLabel: 'Tabelle: {{metric}} nach {{groupBy}}',
    total: 'Total',
    share: 'Anteil',
    sharePercent: 'Anteil (%)',
    empty: 'Keine Leads passen zu diesen Filtern.',
    loading: 'Die Statistik wird geladen…',
  },
  export: {
    xlsx: 'Excel exportieren',
    csv: 'CSV exportieren',
    png: 'Diagramm als PNG',
    pngFailed:
      'Das Bild des Diagramms konnte nicht erstellt werden. Die Tabelle lässt sich als CSV exportieren.',
    xlsxFailed: 'Die Excel-Datei konnte nicht erstellt werden. Bitte nochmals versuchen.',
    filters: 'Filter: {{list}}',
    noFilters: 'Filter: keine (alle Leads)',
    created: 'Erstellt am {{at}}',
  },
  label: {
    unassigned: 'Nicht zugewiesen',
    none: '(keine Angabe)',
    unknownCountry: '(unbekannt)',
    week: 'KW {{week}}, {{year}}',
  },
  reasons: {
    title: 'Gründe der Disqualifikation',
    intro:
      'Warum Leads disqualifiziert wurden, je Disqualifiziert-Ordner: Alle nicht gelöschten Leads der Ordner werden Seite für Seite gelesen.',
    chartLabel:
      'Diagramm: disqualifizierte Leads nach Grund und Ordner. Die Tabelle daneben enthält dieselben Werte.',
    tableLabel: 'Disqualifizierte Leads nach Grund und Ordner',
    reason: 'Grund',
    total: 'Total',
    noReason: 'Kein Grund angegeben',
    based: 'Grundlage: {{count}} disqualifizierte Leads ({{pages}} Anfragen).',
    empty: 'Keine disqualifizierten Leads passen zu diesen Filtern.',
    noFolder: 'Der gewählte Ordner ist kein Disqualifiziert-Ordner.',
    loading: 'Disqualifizierte Leads werden gezählt…',
  },
};
