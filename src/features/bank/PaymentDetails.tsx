import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { PartyKind, PaymentMode } from '../../../contract/api/bank';
import { useCategoryOptions } from '../../api/categoriesApi';
import { useSearchClientsInfiniteQuery } from '../../api/clientsApi';
import { useSearchVendorsInfiniteQuery } from '../../api/vendorsApi';
import { Field, SelectField } from '../../ui/Field';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { pickerResults, SearchPicker, type SearchPickerProps } from '../../ui/SearchPicker';
import { useSearchPaymentProjectsInfiniteQuery } from './bankApi';
import { MODE_LABELS } from './EntryDetails';

export const MODE_OPTIONS = Object.entries(MODE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

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

function VendorPicker(picker: Picker) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchVendorsInfiniteQuery(search === null ? skipToken : { search });
  return (
    <SearchPicker
      {...picker}
      onSearch={setSearch}
      results={pickerResults(list, (v) => ({ value: v._id, label: v.name }))}
    />
  );
}

function ClientPicker(picker: Picker) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchClientsInfiniteQuery(search === null ? skipToken : { search });
  return (
    <SearchPicker
      {...picker}
      onSearch={setSearch}
      results={pickerResults(list, (c) => ({ value: c._id, label: c.name }))}
    />
  );
}

/** A picker of the company's projects (a payment's, a statement's filter). */
export function PaymentProjectPicker({ companyId, ...picker }: Picker & { companyId?: string }) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchPaymentProjectsInfiniteQuery(
    search === null ? skipToken : { search, companyId },
  );
  return (
    <SearchPicker
      {...picker}
      onSearch={setSearch}
      results={pickerResults(list, (p) => ({ value: p._id, label: p.projectName }))}
    />
  );
}

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
  return (
    <>
      <SelectField
        id="payment-mode"
        label="Mode"
        placeholder="Not given"
        options={MODE_OPTIONS}
        error={errors.mode}
        value={value.mode}
        onChange={(e) => onChange({ mode: e.target.value }, 'mode')}
      />
      <Field
        id="payment-reference"
        label={value.mode === 'cheque' ? 'Cheque number' : 'Reference (UTR, cheque number)'}
        maxLength={40}
        required={value.mode === 'cheque'}
        error={errors.reference}
        value={value.reference}
        onChange={(e) => onChange({ reference: e.target.value }, 'reference')}
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
          error={errors.party}
          value={value.partyName}
          onChange={(e) => onChange({ partyName: e.target.value }, 'party')}
        />
      )}
      {kind && kind !== 'name' && (
        <PartyPicker
          key={kind}
          kind={kind}
          id="payment-party"
          label={PARTY_LABELS[kind]}
          placeholder={`Select the ${PARTY_LABELS[kind].toLowerCase()}`}
          error={errors.party}
          value={value.partyId}
          selectedLabel={value.partyLabel || undefined}
          onChange={(id, option) =>
            onChange({ partyId: id, partyLabel: option?.label ?? '' }, 'party')
          }
        />
      )}
      <PaymentProjectPicker
        id="payment-project"
        label="Project"
        placeholder="No project"
        emptyOption="No project"
        error={errors.projectId}
        value={value.projectId}
        selectedLabel={value.projectLabel || undefined}
        onChange={(id, option) =>
          onChange({ projectId: id, projectLabel: option?.label ?? '' }, 'projectId')
        }
      />
      <SelectField
        id="payment-category"
        label="Category"
        placeholder="None"
        options={categories}
        error={errors.category}
        value={value.category}
        onChange={(e) => onChange({ category: e.target.value }, 'category')}
      />
    </>
  );
}
