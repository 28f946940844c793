import type { OpsCommand } from './types';
import { commands as accounts } from './accounts';
import { commands as claims } from './claims';
import { commands as content } from './content';
import { commands as errorReports } from './error-reports';
import { commands as opposition } from './opposition';
import { commands as orders } from './orders';

/** Every operator command, one import line per area. */
export const OPS_COMMANDS: OpsCommand[] = [
  ...opposition,
  ...accounts,
  ...claims,
  ...orders,
  ...content,
  ...errorReports,
];
