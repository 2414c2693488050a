/**
 * Mortgage cases (spec §3 Case, §4 mortgage status, §7 createPreQualification / createRefinance; issue 7).
 * All on /graphql/ for a signed-in viewer, who sees only their own cases (others: NOT_FOUND). See
 * server/mortgage/mortgage.ts.
 */
import { idArgument, requireViewer } from '../../accounts/viewer';
import { PREQUALIFICATION_TYPE, REFINANCE_TYPE, type ApplicationType, type MortgageType } from '../../cases/cases';
import {
  listMortgageCases,
  mortgageCaseOfResponse,
  ownMortgageCase,
  startMortgageCase,
  type MortgageCaseRecord,
} from '../../mortgage/mortgage';
import type { MortgageCaseData } from '../../mortgage/submission';
import { builder } from './builder';
import { CaseResponseRef } from './offers';

const ApplicationTypeRef = builder.objectRef<Omit<ApplicationType, 'questionnaireSlug'>>('ApplicationType').implement({
  description: "The kind of a case: mortgage pre-qualification, refinance, a buyer's offer.",
  fields: (t) => ({
    id: t.exposeID('id'),
    slugId: t.exposeString('slugId', { description: "e.g. 'mortgage-prequalification', 'mortgage-refinance', 'wfrmls-buyer'." }),
    name: t.exposeString('name'),
  }),
});

const MortgageCaseDataRef = builder.objectRef<Partial<MortgageCaseData>>('MortgageCaseData').implement({
  description: 'The property address from the answers: null until submitted, empty strings for what the questionnaire does not ask.',
  fields: (t) => ({
    street_address: t.string({ nullable: true, description: 'The street line of the property (spec §3 mortgage case data).', resolve: (d) => d.street_address ?? null }),
    aptSuite: t.string({ nullable: true, description: 'Apartment or suite.', resolve: (d) => d.aptSuite ?? null }),
    city: t.string({ nullable: true, description: 'City.', resolve: (d) => d.city ?? null }),
    county: t.string({ nullable: true, description: 'County.', resolve: (d) => d.county ?? null }),
  }),
});

const MortgageCaseRef = builder.objectRef<MortgageCaseRecord>('MortgageCase').implement({
  description:
    'A pre-qualification or refinance request (spec §3 Case). It has no tour (tours are of listings, by buyers), so the tourStatus, start, end and ical spec §3 lists are not fields of it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The case's id." }),
    applicationType: t.field({ type: ApplicationTypeRef, description: 'Pre-qualification or refinance.', resolve: (c) => c.applicationType }),
    caseResponse: t.field({ type: CaseResponseRef, description: 'Its questionnaire response (/account/pre-qualification-edit/{id}).', resolve: (c) => c.response }),
    mortgageStatus: t.exposeString('mortgageStatus', {
      nullable: true,
      description: "Null while the questionnaire is in progress; 'Under Review' once submitted.",
    }),
    created: t.string({ description: 'ISO 8601.', resolve: (c) => c.createdAt.toISOString() }),
    data: t.field({ type: MortgageCaseDataRef, description: 'The property address from the answers (spec §3 mortgage case data).', resolve: (c) => c.data }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('mortgageCases', (t) =>
  t.field({
    type: [MortgageCaseRef],
    description: 'The viewer’s mortgage cases, newest first (at most 100).',
    resolve: (_root, _args, ctx) => listMortgageCases(ctx.db, requireViewer(ctx).user.id),
  }),
);

builder.queryField('mortgageCase', (t) =>
  t.field({
    type: MortgageCaseRef,
    nullable: true,
    description: 'One of the viewer’s mortgage cases; NOT_FOUND for anyone else’s.',
    args: { id: t.arg.id({ required: true, description: "The mortgage case's id." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Mortgage case');
      return ownMortgageCase(ctx.db, id, viewer.user.id);
    },
  }),
);

builder.queryField('preQualificationEdit', (t) =>
  t.field({
    type: MortgageCaseRef,
    nullable: true,
    description:
      'The case of /account/pre-qualification-edit/{caseResponse id}, owner only (NOT_FOUND otherwise). To edit, reset the ' +
      'response (resetQuestionnaireResponseHistory) and submit it again: the status stays Under Review and the data follows the answers.',
    args: { caseResponseId: t.arg.id({ required: true, description: "The id of the case's questionnaire response." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return mortgageCaseOfResponse(ctx.db, String(args.caseResponseId), viewer.user.id);
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

const startField = (name: string, slugId: MortgageType, what: string) =>
  builder.mutationField(name, (t) =>
    t.field({
      type: MortgageCaseRef,
      description: `Starts the viewer’s ${what} (the '${slugId}' questionnaire); an unfinished one of the viewer is returned instead of a new one.`,
      resolve: (_root, _args, ctx) => {
        const viewer = requireViewer(ctx);
        return startMortgageCase(ctx.db, viewer.user.id, ctx.partner.id, slugId);
      },
    }),
  );

startField('createPreQualification', PREQUALIFICATION_TYPE, 'mortgage pre-qualification request');
startField('createRefinance', REFINANCE_TYPE, 'refinance request');
