/** The product's name, as the header, menu and landing page show it. */
export const BRAND = 'Expense & Company Manager';
