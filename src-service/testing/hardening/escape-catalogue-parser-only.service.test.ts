import { defineEscapeCatalogue } from './escape-catalogue-suite';

/** The escape catalogue against the argument checks alone (FFDESK_SANDBOX=off); their known misses are skipped by name (docs/sandbox.md). */
defineEscapeCatalogue('parser-only');
