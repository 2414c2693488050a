/** Texts of the shared ui primitives (core/ui). */
export const uiTexts = {
  close: 'Close',
  /** Confirm dialog (spec §2): Cancel and a confirm button with custom text. */
  cancel: 'Cancel',
  confirm: 'Confirm',
} as const;

/** Spec §8: what is said when the server gave no words of its own. */
export const GENERIC_ERROR = 'Something went wrong';
