// Further operator commands (settings, generate, ...) register here so cli.ts stays small.
import type { Config } from './config.js';
import type { CliIO } from './cli.js';

export interface ExtraCommand {
  name: string;
  usage: string;
  run(config: Config, args: string[], io: CliIO): Promise<number>;
}

import { settingsCommand } from './cli-settings.js';
import { generateCommand } from './cli-generate.js';

export const extraCommands: ExtraCommand[] = [settingsCommand, generateCommand];
