import type { PartyKind, PaymentMode } from '../../../contract/api/bank';
import { useCategoryOptions } from '../../api/categoriesApi';
import { Field, SelectField } from '../../ui/Field';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { ClientPicker, ProjectPicker, VendorPicker } from '../../ui/recordPickers';
import type { SearchPickerProps } from '../../ui/SearchPicker';
import { ModeField } from '../../ui/ModeField';
import { referenceLabel } from '../../ui/paymentModes';

export const PARTY_LABELS: Record<PartyKind, string> = {
  client: 'Client',
  vendor: 'Vendor',
  employee: 'Employee',
  name: 'Other (a name)',
};
export const PARTY_OPTIONS = Object.entries(PARTY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** What a payment says it was, as the form holds it (text, '' for none). */
export interface DetailsForm {
  mode: string;
  reference: string;
  partyKind: string;
  partyId: string;
  partyLabel: string;
  partyName: string;
  projectId: string;
  projectLabel: string;
  category: string;
}
export const emptyDetails = (): DetailsForm => ({
  mode: '',
  reference: '',
  partyKind: '',
  partyId: '',
  partyLabel: '',
  partyName: '',
  projectId: '',
  projectLabel: '',
  category: '',
});
export type DetailsField = 'mode' | 'reference' | 'party' | 'projectId' | 'category';

/** The fields the form still needs, each with what to say under it. */
export function missingDetails(d: DetailsForm): Partial<Record<DetailsField, string>> {
  const missing: Partial<Record<DetailsField, string>> = {};
  if (d.mode === 'cheque' && !d.reference.trim()) missing.reference = 'Enter the cheque number.';
  if (d.partyKind === 'name' && !d.partyName.trim()) missing.party = "Enter the party's name.";
  else if (d.partyKind && d.partyKind !== 'name' && !d.partyId)
    missing.party = `Choose the ${PARTY_LABELS[d.partyKind as PartyKind].toLowerCase()}.`;
  return missing;
}

/** The details as the payment call takes them (left out when not given). */
export function detailsBody(d: DetailsForm) {
  const kind = d.partyKind as PartyKind | '';
  return {
    mode: (d.mode || undefined) as PaymentMode | undefined,
    reference: d.reference.trim() || undefined,
    party: !kind
      ? undefined
      : kind === 'name'
        ? { kind, name: d.partyName.trim() }
        : { kind, id: d.partyId },
    projectId: d.projectId || undefined,
    category: d.category || undefined,
  };
}

type Picker = Omit<SearchPickerProps, 'onSearch' | 'results'>;

/** The record picker of a party kind (client, vendor, employee). */
export function PartyPicker({ kind, ...picker }: Picker & { kind: PartyKind }) {
  if (kind === 'client') return <ClientPicker {...picker} />;
  if (kind === 'vendor') return <VendorPicker {...picker} />;
  return <PeoplePicker kind="employee" {...picker} />;
}

/**
 * Mode, reference, party, project and category of a payment: all optional, but a cheque
 * needs its number and a party chosen by kind needs the record (or the name).
 */
export function PaymentDetailsFields({
  value,
  onChange,
  errors,
}: {
  value: DetailsForm;
  onChange: (change: Partial<DetailsForm>, field: DetailsField) => void;
  errors: Partial<Record<DetailsField, string>>;
}) {
  const categories = useCategoryOptions(value.category || undefined);
  const kind = value.partyKind as PartyKind | '';
  /** A record picker's choice and its name, kept together in the form, and its message. */
  const picked = (
    key: 'partyId' | 'projectId',
    label: 'partyLabel' | 'projectLabel',
    field: DetailsField,
  ) => ({
    error: errors[field],
    value: value[key],
    selectedLabel: value[label] || undefined,
    onChange: (id: string, option: { label: string } | null) =>
      onChange({ [key]: id, [label]: option?.label ?? '' }, field),
  });
  /** A typed or chosen field's text, its message, and its change (`field` names the message). */
  const typed = (key: 'mode' | 'reference' | 'partyName' | 'category', field: DetailsField) => ({
    error: errors[field],
    value: value[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }, field),
  });
  return (
    <>
      <ModeField id="payment-mode" placeholder="Not given" {...typed('mode', 'mode')} />
      <Field
        id="payment-reference"
        label={referenceLabel(value.mode)}
        maxLength={40}
        required={value.mode === 'cheque'}
        {...typed('reference', 'reference')}
      />
      <SelectField
        id="payment-party-kind"
        label="Party"
        placeholder="None"
        options={PARTY_OPTIONS}
        error={kind ? undefined : errors.party}
        value={value.partyKind}
        onChange={(e) =>
          onChange({ partyKind: e.target.value, partyId: '', partyLabel: '' }, 'party')
        }
      />
      {kind === 'name' && (
        <Field
          id="payment-party-name"
          label="Party name"
          maxLength={200}
          {...typed('partyName', 'party')}
        />
      )}
      {kind && kind !== 'name' && (
        <PartyPicker
          key={kind}
          kind={kind}
          id="payment-party"
          label={PARTY_LABELS[kind]}
          placeholder={`Select the ${PARTY_LABELS[kind].toLowerCase()}`}
          {...picked('partyId', 'partyLabel', 'party')}
        />
      )}
      <ProjectPicker
        id="payment-project"
        label="Project"
        placeholder="No project"
        emptyOption="No project"
        {...picked('projectId', 'projectLabel', 'projectId')}
      />
      <SelectField
        id="payment-category"
        label="Category"
        placeholder="None"
        options={categories}
        {...typed('category', 'category')}
      />
    </>
  );
}
