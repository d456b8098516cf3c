import path from 'node:path';

/**
 * The folder the user typed the command in. `npm run cli -- …` runs in the package folder
 * and says where it was started in `INIT_CWD`; the linked `ffdesk` bin runs where it was
 * started. Relative paths the user gives (inputs, --download, FFDESK_DATA_DIR) resolve there.
 */
export function userCwd(env: NodeJS.ProcessEnv = process.env): string {
  return env.npm_lifecycle_event && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}

export function userPath(p: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(userCwd(env), p);
}

/** FFDESK_DATA_DIR resolved from the user's folder, or undefined when it is not set. */
export function userDataDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.FFDESK_DATA_DIR ? userPath(env.FFDESK_DATA_DIR, env) : undefined;
}
