/**
 * Kept only for sweep/SweepArea.tsx, whose imports are being changed elsewhere at the same
 * time: the exports live in files/exports.ts and download() in files/download.ts. Delete
 * this file once sweep/ imports those.
 */
export { download } from '../files/download';
export { fileStem, jsonText } from '../files/exports';
