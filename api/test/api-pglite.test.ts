import { runApiSuites } from './helpers/api-suites';

await runApiSuites('pglite');
