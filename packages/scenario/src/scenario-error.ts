/**
 * A scenario the engine or the parser refused. The message is one line naming the field
 * and the rule, e.g. `links[3].wavelengths must be an integer >= 1`, ready to show a user.
 */
export class ScenarioError extends Error {
  override name = 'ScenarioError' as const;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}
