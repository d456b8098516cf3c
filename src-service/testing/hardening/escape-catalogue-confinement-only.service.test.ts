import { defineEscapeCatalogue } from './escape-catalogue-suite';

/** The escape catalogue against the operating-system sandbox alone (the checks switched off by the test-only config field) (docs/sandbox.md). */
defineEscapeCatalogue('confinement-only');
