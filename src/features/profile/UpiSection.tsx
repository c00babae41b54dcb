import { useEffect, useState } from 'react';
import { isValidVpa, normalizeVpa } from '../../../contract/upi';
import { notifyMutation } from '../../api/notify';
import { Field } from '../../ui/Field';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { useGetUpiSettingsQuery, useSaveUpiSettingsMutation } from './profileApi';
import { BusyButton } from '../../ui/BusyButton';

/**
 * The UPI ID the user's khata reminders ask to be paid to: with it, a WhatsApp or SMS
 * reminder carries a UPI link for exactly the amount due. Empty removes it.
 */
export function UpiSection() {
  const { data } = useGetUpiSettingsQuery();
  const [save, saving] = useSaveUpiSettingsMutation();
  const saved = data?.data.upiId ?? '';
  const [upiId, setUpiId] = useState(saved);
  useEffect(() => setUpiId(saved), [saved]);
  const [problem, setProblem] = useState<string>();
  const refused = useFieldErrors(['upiId'] as const);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const vpa = normalizeVpa(upiId);
    if (vpa !== '' && !isValidVpa(vpa)) {
      setProblem('Enter a UPI ID such as name@okhdfcbank');
      return;
    }
    setProblem(undefined);
    await notifyMutation(
      save({ upiId: vpa }).unwrap(),
      { success: 'UPI ID saved', failure: 'Failed to save the UPI ID. Please try again.' },
      refused.capture,
    );
  };

  return (
    <section aria-labelledby="upi-heading" className="mt-8 border-t border-gray-200 pt-6">
      <h3 id="upi-heading" className="text-base font-semibold text-gray-900">
        UPI ID for reminders
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        Reminders you send from Khata by WhatsApp or SMS carry a UPI link for exactly the amount
        due, paid to this ID.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Field
            id="profile-upi-id"
            label="UPI ID"
            placeholder="name@okhdfcbank"
            autoComplete="off"
            inputMode="email"
            value={upiId}
            error={problem ?? refused.errors.upiId}
            onChange={(e) => {
              setUpiId(e.target.value);
              setProblem(undefined);
              refused.clear('upiId');
            }}
          />
        </div>
        <BusyButton busy={saving.isLoading} type="submit" label="Save UPI ID" busyLabel="Saving…" />
      </form>
    </section>
  );
}
