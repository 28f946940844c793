import type { OpsCommand } from './types';
import { commands as accounts } from './accounts';
import { commands as claims } from './claims';

/** Every operator command, one import line per area. */
export const OPS_COMMANDS: OpsCommand[] = [...accounts, ...claims];
