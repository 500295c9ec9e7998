// The "Sedes" module's shared types, in one place (decision 065): each resource file takes its
// dependencies and the branch's fields from here; it imports nothing of the module.
import type { AdminWrite } from '../../lib/admin-write';

/** What each function of "Sedes" is given: the back office's one write path (lib/admin-write). */
export interface AdminBranchesDeps {
  /** Writes through its one transaction; reads outside a change through its `reader`. */
  write: AdminWrite;
}

/** The columns of a branch the back office edits (besides hours, exceptions and zones). */
export interface BranchFields {
  title: string;
  address: string;
  phone: string;
  city: string;
  pickup_available: number;
  delivery_available: number;
  prep_minutes: number;
}
