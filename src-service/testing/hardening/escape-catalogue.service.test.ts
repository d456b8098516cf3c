import { defineEscapeCatalogue } from './escape-catalogue-suite';

/** The escape catalogue against the argument checks and the operating-system sandbox together (docs/sandbox.md). */
defineEscapeCatalogue('both');
