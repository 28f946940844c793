import type { OpsCommand } from './types';
import { commands as content } from './content';

/** Every operator command, one import line per area. */
export const OPS_COMMANDS: OpsCommand[] = [...content];
