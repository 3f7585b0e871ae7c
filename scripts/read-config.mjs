// The validated configuration for the start scripts: a wrong setting stops them with the message naming
// the variable, never a stack trace (src/server/config.ts).
const { parseConfig, ConfigError } = await import('../src/server/config.ts');

export function readConfigOrExit() {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
