// `zeitkonto migrate`: apply pending migrations (serve does it too).
import { parse, withDatabase, type Command } from '../io.js';

export const migrateCommand: Command = {
  name: 'migrate',
  usage: ['migrate                                 Apply pending database migrations.'],
  async run(config, args, io) {
    parse(args, {}, 0);
    await withDatabase(config, async () => undefined, io);
    io.out('Database is up to date.');
    return 0;
  },
};
