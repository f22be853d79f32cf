import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Statistiques',
  intro:
    'Prospects regroupés et comptés, ou leur chiffre d’affaires et leurs coûts additionnés (données commerciales des prospects). Les prospects supprimés ne sont pas comptés.',
  filter: {
    legend: 'Filtres des statistiques',
    groupBy: 'Regrouper par',
    metric: 'Mesure',
    pipeline: 'Pipeline',
    assignee: 'Responsable',
    folder: 'Dossier',
    from: 'Créés à partir du',
    to: 'Créés jusqu’au',
    clearFrom: 'Effacer la date de début',
    clearTo: 'Effacer la date de fin',
    clearAssignee: 'Effacer le responsable',
    clearFolder: 'Effacer le dossier',
    dateHint: 'JJ.MM.AAAA',
    everyone: 'Tout le monde',
    everyFolder: 'Tous les dossiers',
    reset: 'Réinitialiser les filtres',
  },
  pipeline: {
    all: 'Les deux',
    patients: 'Patients',
    contacts: 'Contacts',
  },
  groupBy: {
    folder: 'Dossier',
    source: 'Provenance',
    assignee: 'Responsable',
    country: 'Pays',
    what: 'Motif',
    nextStep: 'Prochaine étape',
    day: 'Jour',
    week: 'Semaine',
    month: 'Mois',
  },
  metric: {
    count: 'Nombre de prospects',
    revenue: 'Chiffre d’affaires (CHF)',
    costs: 'Coûts (CHF)',
  },
  metricShort: {
    count: 'Nombre',
    revenue: 'Chiffre d’affaires',
    costs: 'Coûts',
  },
  chart: {
    title: '{{metric}} par {{groupBy}}',
    label: 'Graphique\u202f: {{metric}} par {{groupBy}}. Le tableau à côté indique les mêmes valeurs.',
    tableLabel: 'Tableau\u202f: {{metric}} par {{groupBy}}',
    total: 'Total',
    share: 'Part',
    sharePercent: 'Part (%)',
    empty: 'Aucun prospect ne correspond à ces filtres.',
    loading: 'Chargement des statistiques…',
  },
  export: {
    csv: 'Exporter en CSV',
    png: 'Graphique en PNG',
    pngFailed: 'L’image du graphique n’a pas pu être créée. Le tableau peut être exporté en CSV.',
  },
  label: {
    unassigned: 'Non attribué',
    none: '(aucun)',
    unknownCountry: '(inconnu)',
    week: 'Semaine {{week}}, {{year}}',
  },
  reasons: {
    title: 'Motifs de disqualification',
    intro:
      'Pourquoi des prospects ont été disqualifiés, par dossier de disqualification\u202f: chaque prospect non supprimé de ces dossiers est lu, page par page.',
    chartLabel:
      'Graphique\u202f: prospects disqualifiés par motif et par dossier. Le tableau à côté indique les mêmes valeurs.',
    tableLabel: 'Prospects disqualifiés par motif et par dossier',
    reason: 'Motif',
    total: 'Total',
    noReason: 'Aucun motif indiqué',
    based: 'Sur la base de {{count}} prospects disqualifiés ({{pages}} requêtes).',
    empty: 'Aucun prospect disqualifié ne correspond à ces filtres.',
    noFolder: 'Le dossier choisi n’est pas un dossier de disqualification.',
    loading: 'Comptage des prospects disqualifiés…',
  },
};
