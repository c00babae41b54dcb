import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  khataReminderText,
  smsReminderLink,
  whatsappReminderLink,
} from '../../../contract/khataShare';
import { rupeesToPaise } from '../../../contract/rules';
import { notifyMutation } from '../../api/notify';
import { formatDMY } from '../../lib/dates';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { actionStyles } from './balance';
import {
  useEmailKhataReminderMutation,
  useGetKhataUpiQuery,
  useRecordKhataReminderMutation,
  type KhataLedger,
} from './khataApi';
import { BusyButton } from '../../ui/BusyButton';

/**
 * The reminder, shown and editable before it goes: by WhatsApp or SMS from the user's own
 * phone (a share link; the SPA records it when the user taps Send), or by e-mail from the
 * server (its own words, built from the stored lend, within the reminder limits).
 */
export function ReminderSheet({ ledger, onClose }: { ledger: KhataLedger; onClose: () => void }) {
  // What they owe on balance (the page's net): the open lends less what the user owes them.
  const { person, net: due, openLends } = ledger;
  const upi = useGetKhataUpiQuery();
  const oldest = due > 0 ? openLends[0] : undefined;
  const settings = upi.data?.data;
  const made =
    settings && oldest
      ? khataReminderText({
          from: settings.name,
          to: person.name,
          amountPaise: rupeesToPaise(due) ?? 0,
          dueDate: oldest.repaymentDate,
          upiId: settings.upiId,
        })
      : '';
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? made;
  const [record] = useRecordKhataReminderMutation();
  const [email, emailing] = useEmailKhataReminderMutation();

  const sent = (channel: 'whatsapp' | 'sms') => () => {
    void notifyMutation(record({ id: person._id, channel }).unwrap(), {
      success: 'Reminder recorded',
      failure: 'The reminder was not recorded. Please try again.',
    });
  };
  const sendEmail = async () => {
    if (!oldest) return;
    const ok = await notifyMutation(email(oldest._id).unwrap(), {
      success: 'Reminder email sent successfully',
      failure: 'Failed to send email. Please try again.',
    });
    if (ok) onClose();
  };

  return (
    <Modal open title={`Remind ${person.name}`} onClose={onClose}>
      {!oldest ? (
        <p className="text-sm text-gray-800">
          {person.name} owes you nothing: there is nothing to remind about.
        </p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-gray-800">
            Due: <Money value={due} className="font-semibold" /> (due date{' '}
            {formatDMY(oldest.repaymentDate)})
          </p>
          {settings && !settings.upiId && (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
              Add your UPI ID in{' '}
              <Link to="/app/profile" className={styles.link}>
                Profile
              </Link>{' '}
              to put a payment link for exactly this amount in the message.
            </p>
          )}
          <div className="space-y-1">
            <label
              htmlFor="khata-reminder-text"
              className="block text-sm font-medium text-gray-800"
            >
              Message
            </label>
            <textarea
              id="khata-reminder-text"
              rows={6}
              maxLength={1000}
              className={`${styles.input} break-words`}
              value={text}
              onChange={(e) => setEdited(e.target.value)}
            />
          </div>
          {person.mobile ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <a
                href={whatsappReminderLink(person.mobile, text)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={sent('whatsapp')}
                className={actionStyles.whatsapp}
              >
                Send on WhatsApp
              </a>
              <a
                href={smsReminderLink(person.mobile, text)}
                onClick={sent('sms')}
                className={styles.btnSecondary}
              >
                Send SMS
              </a>
            </div>
          ) : (
            <p className="text-sm text-gray-700">
              Add {person.name}&apos;s mobile number to remind them by WhatsApp or SMS.
            </p>
          )}
          {person.email && (
            <div className="border-t border-gray-200 pt-3">
              <p className="mb-2 text-xs text-gray-600">
                An e-mail reminder is written by the app from the lend (amount and dates) and goes
                to {person.email}; at most one a day per lend.
              </p>
              <BusyButton
                busy={emailing.isLoading}
                onClick={() => void sendEmail()}
                className={styles.btnSecondary}
                label="sendEmail"
                busyLabel="Sending…"
              />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
