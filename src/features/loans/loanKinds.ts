import type { LoanDirection } from '../../../contract/enums';

/** The words and messages of each direction (spec §2 and §8); everything else is shared. */
export interface LoanKind {
  direction: LoanDirection;
  /** 'Lend' / 'Borrowed' (form titles). */
  noun: string;
  listTitle: string;
  reportTitle: string;
  addLabel: string;
  searchLabel: string;
  /** What an empty list says, and its add button's words there. */
  empty: { hint: string; action: string };
  success: { create: string; update: string; remove: string };
  failure: { save: string; remove: string };
}

export const LOAN_KINDS: Record<LoanDirection, LoanKind> = {
  lend: {
    direction: 'lend',
    noun: 'Lend',
    listTitle: 'All Lend',
    reportTitle: 'Lend Report',
    addLabel: 'Add New Lend',
    searchLabel: 'Search lend by name or email',
    empty: {
      hint: 'Keep track of money you lend: to whom, how much, and when it is due back.',
      action: 'Add your first lend',
    },
    success: {
      create: 'Lend created successfully',
      update: 'Lend updated successfully',
      remove: 'Lend deleted successfully',
    },
    failure: {
      save: 'Failed to create or update lend. Please try again.',
      remove: 'Failed to delete lend. Please try again.',
    },
  },
  borrowed: {
    direction: 'borrowed',
    noun: 'Borrowed',
    listTitle: 'All Borrowed',
    reportTitle: 'Borrowed Report',
    addLabel: 'Add New Borrowed',
    searchLabel: 'Search borrowed by name or email',
    empty: {
      hint: 'Keep track of money you borrow: from whom, how much, and when to repay it.',
      action: 'Add your first borrowed',
    },
    success: {
      create: 'Borrowed created successfully',
      update: 'Borrowed updated successfully',
      remove: 'Borrowed deleted successfully',
    },
    failure: {
      save: 'Failed to create or update borrowed. Please try again.',
      remove: 'Failed to delete borrowed. Please try again.',
    },
  },
};

export const SEND_EMAIL_FAILED = 'Failed to send email. Please try again.';
export const REPAYMENT_FAILED = 'Failed to record the repayment. Please try again.';
export const DATES_REQUIRED = 'Choose a start date and an end date';
