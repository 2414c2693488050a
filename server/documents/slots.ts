/**
 * The document slots (spec §3 Case component) of each application type, as data. seedCaseComponents writes
 * them into case_components (migration 220) for every type whose row exists, so the seller types of a later
 * migration get theirs on the next start; a slot already there is updated in place, never duplicated.
 */
import type { Queryable } from '../db';

export type ComponentType = 'UPLOAD_DOCUMENT' | 'GENERATED_DOCUMENT';

export interface SlotDefinition {
  /** component.id: stable, lower-case. */
  key: string;
  name: string;
  shortName: string;
  required: boolean;
  docType: string;
  componentType: ComponentType;
  /** component.name */
  componentName: string;
  /** The document belongs to one applicant of the case (per person) rather than to the case. */
  useRelation: boolean;
}

const upload = (key: string, name: string, shortName: string, docType: string, required: boolean, useRelation = false): SlotDefinition => ({
  key,
  name,
  shortName,
  required,
  docType,
  componentType: 'UPLOAD_DOCUMENT',
  componentName: 'upload document',
  useRelation,
});

const generated = (key: string, name: string, shortName: string): SlotDefinition => ({
  key,
  name,
  shortName,
  required: false,
  docType: 'generated',
  componentType: 'GENERATED_DOCUMENT',
  componentName: 'generated document',
  useRelation: false,
});

/** By application type slug (application_types.slug_id). */
export const SLOTS: Record<string, SlotDefinition[]> = {
  'wfrmls-buyer': [
    upload('pre-approval-letter', 'Pre-approval letter', 'Pre-approval', 'pre_approval_letter', true),
    upload('proof-of-funds', 'Proof of funds', 'Funds', 'proof_of_funds', true),
    upload('photo-id', 'Photo ID', 'ID', 'photo_id', false, true),
    upload('earnest-money-receipt', 'Earnest money receipt', 'Earnest money', 'earnest_money_receipt', false),
    generated('offer-summary', 'Offer summary', 'Summary'),
  ],
  'mortgage-prequalification': [
    upload('photo-id', 'Photo ID', 'ID', 'photo_id', true, true),
    upload('pay-stubs', 'Pay stubs (last 30 days)', 'Pay stubs', 'pay_stubs', true, true),
    upload('w2-forms', 'W-2 forms (last 2 years)', 'W-2', 'w2', true, true),
    upload('bank-statements', 'Bank statements (last 2 months)', 'Bank statements', 'bank_statements', true),
    upload('other', 'Other supporting documents', 'Other', 'other', false),
    generated('application-summary', 'Application summary', 'Summary'),
  ],
  'mortgage-refinance': [
    upload('photo-id', 'Photo ID', 'ID', 'photo_id', true, true),
    upload('mortgage-statement', 'Current mortgage statement', 'Mortgage statement', 'mortgage_statement', true),
    upload('homeowners-insurance', "Homeowner's insurance declaration", 'Insurance', 'homeowners_insurance', true),
    upload('pay-stubs', 'Pay stubs (last 30 days)', 'Pay stubs', 'pay_stubs', false, true),
    generated('application-summary', 'Application summary', 'Summary'),
  ],
  'seller-sale': [
    upload('deed', 'Deed or title', 'Deed', 'deed', true),
    upload('property-tax-statement', 'Property tax statement', 'Tax statement', 'property_tax_statement', false),
    upload('hoa-documents', 'HOA documents', 'HOA', 'hoa_documents', false),
    upload('seller-disclosure', "Seller's disclosure", 'Disclosure', 'seller_disclosure', true),
    upload('photo-id', 'Photo ID', 'ID', 'photo_id', true, true),
    generated('listing-agreement', 'Listing agreement', 'Agreement'),
  ],
  'seller-rent': [
    upload('deed', 'Deed or title', 'Deed', 'deed', true),
    upload('lease-template', 'Lease template', 'Lease', 'lease_template', false),
    upload('photo-id', 'Photo ID', 'ID', 'photo_id', true, true),
    generated('listing-agreement', 'Rental listing agreement', 'Agreement'),
  ],
};

/** Writes SLOTS for every application type that exists; idempotent. */
export async function seedCaseComponents(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ id: number; slug_id: string }>('SELECT id, slug_id FROM application_types');
  for (const type of rows) {
    const slots = SLOTS[type.slug_id];
    if (!slots) continue;
    for (const [position, slot] of slots.entries()) {
      await db.query(
        `INSERT INTO case_components (application_type_id, component_key, component_type, component_name, name, short_name, required, doc_type, use_relation, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (application_type_id, component_key) DO UPDATE SET component_type = EXCLUDED.component_type,
           component_name = EXCLUDED.component_name, name = EXCLUDED.name, short_name = EXCLUDED.short_name,
           required = EXCLUDED.required, doc_type = EXCLUDED.doc_type, use_relation = EXCLUDED.use_relation, position = EXCLUDED.position`,
        [type.id, slot.key, slot.componentType, slot.componentName, slot.name, slot.shortName, slot.required, slot.docType, slot.useRelation, position],
      );
    }
  }
}
