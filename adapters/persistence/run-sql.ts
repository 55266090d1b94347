// The statement runner lives in statements.ts; this name stays for the modules that import it here.
export { runSql } from './statements.js';
