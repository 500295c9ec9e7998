import type { ConsoleDeps } from './deps';
import { createStatusService } from './status';
import { createSummaryService } from './summary';
import { createSwitchesService } from './switches';

export type { ConsoleEvents } from './deps';

/** The branch console: its state and announcements, its switches, a day's figures. */
export function createConsoleService(deps: ConsoleDeps) {
  return {
    ...createStatusService(deps),
    ...createSwitchesService(deps),
    ...createSummaryService(deps),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
