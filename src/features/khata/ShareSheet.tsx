import { useState } from 'react';
import { whatsappReminderLink } from '../../../contract/khataShare';
import { failureMessage } from '../../api/errors';
import { notifyMutation } from '../../api/notify';
import { showToast } from '../../ui/toast';
import { formatDMY } from '../../lib/dates';
import { QueryState } from '../../ui/QueryState';
import { Modal } from '../../ui/Modal';
import { styles } from '../../ui/styles';
import { actionStyles } from './balance';
import {
  useCreateKhataLinkMutation,
  useGetKhataLinksQuery,
  useRevokeKhataLinkMutation,
  type KhataLedger,
} from './khataApi';
import { BusyButton } from '../../ui/BusyButton';

/**
 * The statement the person can open: a read-only page and its PDF, by a link that expires in
 * 30 days and can be revoked. Its address is shown once, when made.
 */
export function ShareSheet({ ledger, onClose }: { ledger: KhataLedger; onClose: () => void }) {
  const { person } = ledger;
  const links = useGetKhataLinksQuery(person._id);
  const [create, creating] = useCreateKhataLinkMutation();
  const [revoke] = useRevokeKhataLinkMutation();
  const [made, setMade] = useState<{ url: string; pdfUrl: string } | null>(null);

  const makeLink = async () => {
    try {
      const answer = await create(person._id).unwrap();
      setMade({ url: answer.data.url, pdfUrl: answer.data.pdfUrl });
    } catch (error) {
      showToast('error', failureMessage(error, 'Failed to create the link. Please try again.'));
    }
  };
  const message = made
    ? `Hello ${person.name}, here is the statement of our khata: ${made.url}`
    : '';

  return (
    <Modal open title={`Share statement with ${person.name}`} onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-gray-800">
          {person.name} sees your entries with them (and nothing else) on a page and as a PDF, until
          the link expires in 30 days or you revoke it.
        </p>
        {made ? (
          <div className="space-y-2 rounded-md border border-gray-200 p-3">
            <label htmlFor="khata-share-url" className="block text-sm font-medium text-gray-800">
              Statement link
            </label>
            <input
              id="khata-share-url"
              readOnly
              className={styles.input}
              value={made.url}
              onFocus={(e) => e.target.select()}
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={styles.btnSecondary}
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(made.url)
                    .then(() => showToast('success', 'Link copied'))
                    .catch(() => showToast('error', 'Copy the link from the field above.'))
                }
              >
                Copy link
              </button>
              {person.mobile && (
                <a
                  href={whatsappReminderLink(person.mobile, message)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={actionStyles.whatsapp}
                >
                  Send on WhatsApp
                </a>
              )}
              <a
                href={made.pdfUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={styles.btnSecondary}
              >
                Open PDF
              </a>
            </div>
          </div>
        ) : (
          <BusyButton
            busy={creating.isLoading}
            onClick={() => void makeLink()}
            label="Create link"
            busyLabel="Creating…"
          />
        )}
        <QueryState query={links}>
          {links.data && links.data.data.length > 0 && (
            <ul className="divide-y divide-gray-100 text-sm" aria-label="Statement links">
              {links.data.data.map((l) => (
                <li key={l._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    Made {formatDMY(l.createdAt)} ·{' '}
                    {l.revokedAt
                      ? 'revoked'
                      : l.active
                        ? `expires ${formatDMY(l.expiresAt)}`
                        : 'expired'}
                  </span>
                  {l.active && (
                    <button
                      type="button"
                      className={`${styles.btnSecondary} px-3 py-1`}
                      onClick={() =>
                        void notifyMutation(revoke({ id: person._id, linkId: l._id }).unwrap(), {
                          success: 'Link revoked',
                          failure: 'Failed to revoke the link.',
                        }).then((ok) => ok && setMade(null))
                      }
                    >
                      Revoke
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}
