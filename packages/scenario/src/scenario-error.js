// Plain JS (with scenario-error.d.ts beside it) so the Node CLI can import it without a
// TypeScript step.

/**
 * A scenario the engine or the parser refused. The message is one line naming the field
 * and the rule, e.g. `links[3].wavelengths must be an integer >= 1`, ready to show a user.
 */
export class ScenarioError extends Error {
  /**
   * @param {string} message
   * @param {ErrorOptions} [options]
   */
  constructor(message, options) {
    super(message, options);
    this.name = 'ScenarioError';
  }
}
