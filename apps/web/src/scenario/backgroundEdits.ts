/**
 * Edits of one background source (`background[i]`) that change more than one field.
 */
import { NUMBER_RULES, type BackgroundSource } from '@obs-tcp-sim/scenario';

/**
 * The source with another model. Every field it had is kept (its extra offset, whether it
 * enters assembly, any field added later) but the Hurst parameter, which only the
 * self-similar model reads and the schema refuses on a Poisson source; a source becoming
 * self-similar gets the field's default (the engine's, from the schema's table) unless it had one.
 */
export function withBackgroundModel(source: BackgroundSource, model: BackgroundSource['model']): BackgroundSource {
  if (model === 'poisson') {
    const { hurst: _hurst, ...rest } = source;
    return { ...rest, model };
  }
  return { ...source, model, hurst: source.hurst ?? NUMBER_RULES['background[].hurst'].default };
}
