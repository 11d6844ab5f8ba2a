// Runs `runMock` as its own process (what `npx podcast-gen mock --port 0` does), for run-mock.compat.test.ts.
import { runMock } from '../../generator/servers/mock.js';

process.exitCode = await runMock({ port: 0 });
