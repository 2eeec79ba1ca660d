// The docs' prose layout, for the text the generators write into them.

const UNIT = /^(%|[kMG]?B|[mun]?s|[kMG]bit\/s|[kM])([),.;:]|$)/;

/** Lines of at most 90 characters, as the rest of the docs; `indent` starts every line after the first (a list item's). */
export function wrap(text: string, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    // A unit stays with its number: "5 %" or "6.81 MB" never ends one line and begins the next.
    if (line && line.length + 1 + word.length > 90 && !UNIT.test(word)) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}
