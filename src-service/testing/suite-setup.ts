import { afterAll } from 'vitest';
import { removeTrackedTempDirs } from './temp-dirs';

// Registered before the test file's own hooks, so it runs after them (hooks run as a stack):
// once the file's services have stopped, the temp folders its helpers made go.
afterAll(() => removeTrackedTempDirs());
