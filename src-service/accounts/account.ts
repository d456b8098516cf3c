import type { Plan } from '../contract/enums';

/**
 * An account as the domain sees it (camelCase). The repository maps its row to this at its
 * edge (accounts/accounts-repo.ts; docs/architecture.md, Rows and domain objects).
 */
export interface Account {
  id: string;
  plan: Plan;
  /** Null: the plan's quota applies. */
  storageQuotaBytes: number | null;
  processingQuotaBytes: number | null;
  /** Null: the machine's vCPU budget is the limit. */
  maxVcpu: number | null;
  createdAt: string;
}

/** An API key without its hash: the plaintext is shown once, when it is made. */
export interface ApiKey {
  id: string;
  accountId: string;
  /** The key's first characters, printed to tell keys apart. */
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}
