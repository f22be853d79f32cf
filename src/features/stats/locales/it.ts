import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Statistiche',
  intro:
    'Lead raggruppati e contati, oppure i loro ricavi e costi sommati (dati commerciali dei lead). I lead eliminati non vengono contati.',
  filter: {
    legend: 'Filtri delle statistiche',
    groupBy: 'Raggruppa per',
    metric: 'Misura',
    pipeline: 'Pipeline',
    assignee: 'Responsabile',
    folder: 'Cartella',
    from: 'Creati dal',
    to: 'Creati fino al',
    clearFrom: 'Cancella la data d’inizio',
    clearTo: 'Cancella la data di fine',
    clearAssignee: 'Cancella il responsabile',
    clearFolder: 'Cancella la cartella',
    dateHint: 'GG.MM.AAAA',
    everyone: 'Tutti',
    everyFolder: 'Tutte le cartelle',
    reset: 'Reimposta i filtri',
  },
  pipeline: {
    all: 'Entrambe',
    patients: 'Pazienti',
    contacts: 'Contatti',
  },
  groupBy: {
    folder: 'Cartella',
    source: 'Provenienza',
    assignee: 'Responsabile',
    country: 'Paese',
    what: 'Motivo',
    nextStep: 'Prossimo passo',
    day: 'Giorno',
    week: 'Settimana',
    month: 'Mese',
  },
  metric: {
    count: 'Numero di lead',
    revenue: 'Ricavi (CHF)',
    costs: 'Costi (CHF)',
  },
  metricShort: {
    count: 'Numero',
    revenue: 'Ricavi',
    costs: 'Costi',
  },
  chart: {
    title: '{{metric}} per {{groupBy}}',
    label: 'Grafico: {{metric}} per {{groupBy}}. La tabella accanto riporta gli stessi valori.',
    tableLabel: 'Tabella: {{metric}} per {{groupBy}}',
    total: 'Totale',
    share: 'Quota',
    sharePercent: 'Quota (%)',
    empty: 'Nessun lead corrisponde a questi filtri.',
    loading: 'Caricamento delle statistiche…',
  },
  export: {
    xlsx: 'Esporta Excel',
    csv: 'Esporta CSV',
    png: 'Grafico come PNG',
    pngFailed:
      'Non è stato possibile creare l’immagine del grafico. La tabella può essere esportata come CSV.',
    xlsxFailed: 'Non è stato possibile creare il file Excel. Riprovare.',
    filters: 'Filtri: {{list}}',
    noFilters: 'Filtri: nessuno (tutti i lead)',
    created: 'Creato il {{at}}',
  },
  label: {
    unassigned: 'Non assegnato',
    none: '(nessuno)',
    unknownCountry: '(sconosciuto)',
    week: 'Settimana {{week}}, {{year}}',
  },
  reasons: {
    title: 'Motivi di squalifica',
    intro:
      'Perché i lead sono stati squalificati, per cartella di squalifica: ogni lead non eliminato di queste cartelle viene letto, pagina per pagina.',
    chartLabel:
      'Grafico: lead squalificati per motivo e cartella. La tabella accanto riporta gli stessi valori.',
    tableLabel: 'Lead squalificati per motivo e cartella',
    reason: 'Motivo',
    total: 'Totale',
    noReason: 'Nessun motivo indicato',
    based: 'In base a {{count}} lead squalificati ({{pages}} richieste).',
    empty: 'Nessun lead squalificato corrisponde a questi filtri.',
    noFolder: 'La cartella scelta non è una cartella di squalifica.',
    loading: 'Conteggio dei lead squalificati…',
  },
};
