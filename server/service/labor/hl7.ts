/** The HL7 reading lives in contract/ so that the app reads a message before upload exactly as the service does. */
export * from '#contract/hl7.ts';
