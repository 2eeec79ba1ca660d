// The code blocks of docs/sweeps.md that the cluster tests run as written: the Slurm job
// script, its submit commands and the rerun of what is missing. Taken from the document
// each time, so the document and what is tested cannot drift apart.
import { readFileSync } from 'node:fs';

/** The fenced blocks (language, text) of `markdown` under the heading `heading`, in order. */
export function blocksUnder(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`docs/sweeps.md has no heading "${heading}"`);
  const blocks = [];
  let open = null;
  for (const line of lines.slice(start + 1)) {
    if (open) {
      if (line.startsWith('```')) {
        blocks.push(open);
        open = null;
      } else {
        open.text += `${line}\n`;
      }
    } else if (line.startsWith('```')) {
      open = { lang: line.slice(3).trim(), text: '' };
    } else if (/^#{1,3} /.test(line)) {
      break; // the next heading, outside any block
    }
  }
  return blocks;
}

/**
 * docs/sweeps.md's Slurm job array: the sbatch script, the commands that submit it and
 * the merge job, and those that run again only the shards with missing runs.
 */
export function slurmBlocks(docPath) {
  const blocks = blocksUnder(readFileSync(docPath, 'utf8'), '### Slurm job array');
  const script = blocks.find((b) => b.text.startsWith('#!/bin/bash') && b.text.includes('#SBATCH'));
  const submit = blocks.find((b) => b.text.includes('sbatch --parsable') && !b.text.includes('--list-incomplete'));
  const rerun = blocks.find((b) => b.text.includes('--list-incomplete') && b.text.includes('sbatch'));
  if (!script || !submit || !rerun)
    throw new Error('docs/sweeps.md, "Slurm job array": the job script, its submit commands or the rerun of what is missing are missing');
  return { script: script.text, submit: submit.text, rerun: rerun.text };
}
