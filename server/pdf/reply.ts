import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a PDF is answered: inline or as an attachment, never cached by anyone between, never
 * indexed. `pdfHeaders` is a route's options: the app marks API answers `no-store`; a PDF's
 * own hook, which runs after, says `private` too.
 */
export const sendPdf = (
  reply: FastifyReply,
  { name, pdf }: { name: string; pdf: Buffer },
  disposition: 'inline' | 'attachment',
) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${name}"`)
    .header('x-robots-tag', 'noindex')
    .send(pdf);

export const pdfHeaders = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  },
};
