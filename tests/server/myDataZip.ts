import { fromBuffer, type Entry } from 'yauzl';

/** The files of a ZIP download, in order, as UTF-8 text (a CSV's byte-order mark kept). */
export function unzipTexts(bytes: Buffer): Promise<{ name: string; text: string }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const files: { name: string; text: string }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
              Buffer.concat(chunks),
            );
            files.push({ name: entry.fileName, text });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
