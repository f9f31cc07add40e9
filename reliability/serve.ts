// The server process of the reliability run: `serve` from source with the environment's configuration.
import { loadConfig } from '../src/config.js';
import { serve } from '../src/server.js';

await serve(loadConfig());
