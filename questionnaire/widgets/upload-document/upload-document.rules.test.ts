import { describe, expect, it } from 'vitest';
import { documentTexts } from '../../../core/i18n/documents';
import { generatedDocumentRules, generatedVariable, storedPdfId } from '../generated-document/generated-document.rules';
import { rulesFor } from '../rules';
import { specOf } from '../test-spec';
import { widgetTexts } from '../texts';
import {
  canExpand,
  componentKey,
  PASSPORT_FIELDS,
  PASSPORT_VARIABLES,
  PREVIEW_MAX_HEIGHT_PX,
  uploadDocumentRules,
  valuesAfterUpload,
} from './upload-document.rules';

const PLAIN = '<hu-upload-document hu-key="deed" hu-title="Deed" component="deed" variables="deed_document,deed_verified">';
const PASSPORT = '<hu-upload-document hu-key="passport" hu-title="Passport" component="photo-id" passport variables="passport_document,passport_verified">';

const PASSPORT_VALUES = {
  app_first_name_passport: 'Anna Maria',
  app_last_name_passport: 'Eriksson',
  app_birth_date: '8/12/1974',
  app_passport_number: 'L898902C3',
  app_passport_expire_date: '4/15/2034',
};

describe('<hu-upload-document> rules (widget spec §2–§5, §9)', () => {
  it('the texts of the spec, exactly as written', () => {
    expect(documentTexts.chooseFile).toBe('Choose a file to upload...');
    expect(documentTexts.updateYourFile).toBe('Update your file:');
    expect(documentTexts.uploadFile).toBe('Upload File');
    expect(documentTexts.updateFile).toBe('Update File');
    expect(documentTexts.nothingUploaded).toBe('Nothing has been uploaded yet.');
    expect(documentTexts.analyzing).toBe('Analyzing Image Data');
    expect(documentTexts.documentSaved).toBe('Document was saved.');
    expect(documentTexts.uploadFailed).toBe('Something went wrong while trying to upload.');
    expect(documentTexts.noFileChosen).toBe('Please choose a file for upload.');
    expect(documentTexts.generating).toBe('Generating...');
    expect(documentTexts.generationFailed).toBe('Something went wrong');
    expect(widgetTexts.upload.expand).toBe('Expand');
    expect(widgetTexts.upload.collapse).toBe('Collapse');
    expect(PREVIEW_MAX_HEIGHT_PX).toBe(600);
  });

  it('the five passport variables of widget spec §3', () => {
    expect(PASSPORT_FIELDS).toEqual(['app_first_name_passport', 'app_last_name_passport', 'app_birth_date', 'app_passport_number', 'app_passport_expire_date']);
    expect(PASSPORT_VARIABLES.birthDate).toBe('app_birth_date');
  });

  it('is registered by tag, and writes the document, verified and (in passport mode) the five fields', () => {
    expect(rulesFor('hu-upload-document')).toBe(uploadDocumentRules);
    expect(rulesFor('hu-generated-document')).toBe(generatedDocumentRules);
    expect(uploadDocumentRules.variables(specOf(PLAIN))).toEqual(['deed_document', 'deed_verified']);
    expect(uploadDocumentRules.variables(specOf(PASSPORT))).toEqual(['passport_document', 'passport_verified', ...PASSPORT_FIELDS]);
    expect(componentKey(specOf(PLAIN))).toBe('deed');
  });

  it('outside passport mode verified is set true on upload; in passport mode it starts false', () => {
    expect(valuesAfterUpload(specOf(PLAIN), '12')).toEqual({ deed_document: '12', deed_verified: 'true' });
    expect(valuesAfterUpload(specOf(PASSPORT), '12')).toEqual({ passport_document: '12', passport_verified: 'false' });
  });

  it('a document is required (unless required="false"); a forged id is invalid', () => {
    expect(uploadDocumentRules.validate(specOf(PLAIN), {})).toEqual({ required: 'true' });
    expect(uploadDocumentRules.validate(specOf(PLAIN.replace('>', ' required="false">')), {})).toBeNull();
    expect(uploadDocumentRules.validate(specOf(PLAIN), { deed_document: '12; DROP', deed_verified: 'true' })).toEqual({ invalid: 'true' });
    expect(uploadDocumentRules.validate(specOf(PLAIN), { deed_document: '12', deed_verified: 'true' })).toBeNull();
    expect(uploadDocumentRules.validate(specOf(PLAIN), { deed_document: '12', deed_verified: 'false' })).toEqual({ verified: 'true' });
  });

  it('passport mode: every field filled, ASCII unless asciionly="false", regex when given, and verified ticked', () => {
    const spec = specOf(PASSPORT);
    const base = { passport_document: '7', passport_verified: 'true', ...PASSPORT_VALUES };
    expect(uploadDocumentRules.validate(spec, base)).toBeNull();
    expect(uploadDocumentRules.validate(spec, { ...base, passport_verified: 'false' })).toEqual({ verified: 'true' });
    expect(uploadDocumentRules.validate(spec, { ...base, app_passport_number: '' })).toEqual({ passportField: 'app_passport_number' });
    expect(uploadDocumentRules.validate(spec, { ...base, app_last_name_passport: 'Eriksßon' })).toEqual({ pattern: 'app_last_name_passport' });
    expect(uploadDocumentRules.validate(specOf(PASSPORT.replace('>', ' asciionly="false">')), { ...base, app_last_name_passport: 'Eriksßon' })).toBeNull();
    expect(uploadDocumentRules.validate(specOf(PASSPORT.replace('>', ' regex="[A-Za-z0-9/ ]+">')), { ...base, app_first_name_passport: 'Anna-Maria' })).toEqual({
      pattern: 'app_first_name_passport',
    });
  });

  it('normalises: trimmed values, verified only ever true or false', () => {
    expect(uploadDocumentRules.normalize(specOf(PLAIN), { deed_document: ' 12 ', deed_verified: 'TRUE' })).toEqual({ deed_document: '12', deed_verified: 'true' });
    expect(uploadDocumentRules.normalize(specOf(PLAIN), { deed_document: '12', deed_verified: 'yes please' })).toEqual({ deed_document: '12', deed_verified: 'false' });
  });

  it('Expand/Collapse is disabled with no preview or while uploading', () => {
    expect(canExpand('saved', true)).toBe(true);
    expect(canExpand('none', false)).toBe(false);
    expect(canExpand('uploading', true)).toBe(false);
    expect(canExpand('failed', true)).toBe(true);
  });

  it('has a value once a document is there; shows the passport answer as text', () => {
    expect(uploadDocumentRules.hasValue(specOf(PLAIN), {})).toBe(false);
    expect(uploadDocumentRules.hasValue(specOf(PLAIN), { deed_document: '3' })).toBe(true);
    expect(uploadDocumentRules.display(specOf(PASSPORT), { passport_document: '3', ...PASSPORT_VALUES })).toBe('Anna Maria Eriksson, passport L898902C3');
  });
});

describe('<hu-generated-document> rules (widget spec §3, §4)', () => {
  const spec = specOf('<hu-generated-document hu-key="summary" variables="summary_pdf" required>');
  it('keeps the generated PDF id: shown again on return unless new-generation is set', () => {
    expect(generatedVariable(spec)).toBe('summary_pdf');
    expect(storedPdfId(spec, { summary_pdf: '42' })).toBe('42');
    expect(storedPdfId(spec, { summary_pdf: 'x' })).toBeNull();
    expect(storedPdfId(specOf('<hu-generated-document variables="p" new-generation>'), { p: '42' })).toBeNull();
  });
  it('required: a PDF must have been generated', () => {
    expect(generatedDocumentRules.validate(spec, {})).toEqual({ required: 'true' });
    expect(generatedDocumentRules.validate(spec, { summary_pdf: '42' })).toBeNull();
    expect(generatedDocumentRules.validate(spec, { summary_pdf: '4 2' })).toEqual({ invalid: 'true' });
    expect(generatedDocumentRules.hasValue(spec, { summary_pdf: '42' })).toBe(true);
  });
});
