/**
 * <hearth-marketing case-id>: marketing materials for a seller's home (issue 20): a gallery of templates (their
 * preview images) and the case's saved materials; the editor with the template's text fields, a photo picker and
 * the open house, a live SVG preview drawn from the template's one layout (core/marketing/layout.ts), Save and
 * the PDF and PNG downloads. `MarketingView` only renders what it is given; `Marketing` connects it to core.
 */
import { useEffect, useId, useState } from 'react';
import type { ElementHandle } from '../../core/define-element/define-element';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { charactersLeft, fieldValue, previewPhotos, previewTexts } from '../../core/marketing/editor-state';
import { estimateWidth, paletteOf, resolveLayout } from '../../core/marketing/layout';
import type { CaseListingAgent, MarketingTemplate } from '../../core/marketing/marketing-api';
import { phoneHref } from '../../core/format/phone';
import { AgentCard } from '../../core/ui/agent-card';
import { useMarketing, type Editing, type MarketingState, type SaveStatus } from '../../core/marketing/use-marketing';
import { Button } from '../../core/ui/button';
import { AlertPanel, StatusPanel } from '../../core/ui/status-panel';

/** What the view renders and the actions it calls: what `useMarketing` returns. */
export type MarketingViewProps = ReturnType<typeof useMarketing>;

const dayText = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const FONT = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

// ---------------------------------------------------------------------------------------------------
// The live preview: the template's layout as SVG

export function MaterialPreview({ editing }: { editing: Editing }) {
  const { material, template, draft } = editing;
  const palette = paletteOf(material.fill.primaryColor);
  const photos = previewPhotos(material, template, draft);
  const drawables = resolveLayout(template.layout, previewTexts(material, template, draft), palette, estimateWidth, { agentPicture: Boolean(material.fill.agentPictureUrl) });
  const qr = material.fill.qr;
  return (
    <svg
      part="preview-image"
      className="marketing-preview-svg"
      viewBox={`0 0 ${template.width} ${template.height}`}
      role="img"
      aria-label={t.previewLabel(template.name)}
      data-headline={previewTexts(material, template, draft).headline ?? ''}
    >
      <rect width={template.width} height={template.height} fill={palette[template.layout.background]} />
      {drawables.map((d, index) => {
        if (d.kind === 'rect') return <rect key={index} x={d.x} y={d.y} width={d.w} height={d.h} fill={d.color} />;
        if (d.kind === 'text') {
          return (
            <text key={index} x={d.x} y={d.baseline} fontSize={d.size} fontWeight={d.bold ? 700 : 400} fill={d.color} fontFamily={FONT} textLength={d.width} lengthAdjust="spacingAndGlyphs">
              {d.text}
            </text>
          );
        }
        if (d.kind === 'image' && d.source === 'qr') {
          const unit = d.w / (qr.size + 4);
          return (
            <g key={index}>
              <rect x={d.x} y={d.y} width={d.w} height={d.h} fill="#ffffff" />
              <path transform={`translate(${d.x + 2 * unit} ${d.y + 2 * unit}) scale(${unit})`} d={qr.path} fill={palette.ink} />
            </g>
          );
        }
        const href = d.kind === 'photo' ? photos[d.slot]?.url : material.fill.agentPictureUrl;
        if (!href) return d.kind === 'photo' ? <rect key={index} x={d.x} y={d.y} width={d.w} height={d.h} fill="#c9d3df" /> : null;
        return <image key={index} href={href} x={d.x} y={d.y} width={d.w} height={d.h} preserveAspectRatio="xMidYMid slice" />;
      })}
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------------
// The editor

function TextField({ editing, field, onText }: { editing: Editing; field: MarketingTemplate['fields'][number]; onText: MarketingViewProps['setText'] }) {
  const id = useId();
  const value = fieldValue(editing.material, editing.draft, field.key);
  const left = charactersLeft(value, field.maxLength);
  const common = {
    id,
    value,
    maxLength: field.maxLength,
    'aria-describedby': `${id}-left`,
    'data-field': field.key,
    onChange: (event: { currentTarget: { value: string } }) => onText(field.key, event.currentTarget.value),
  };
  return (
    <div className="marketing-field" part="field">
      <label htmlFor={id}>{field.label}</label>
      {field.multiline ? <textarea {...common} rows={4} part="input" /> : <input {...common} type="text" part="input" />}
      <span id={`${id}-left`} className="marketing-hint">
        {t.charactersLeft(left)}
      </span>
    </div>
  );
}

/**
 * The PDF and PNG of the saved version: links once they are rendered; while they are being rendered (each version
 * once, on the server's work tier) the same buttons, not yet usable, and the progress said.
 */
function Downloads({ editing }: { editing: Editing }) {
  const { material } = editing;
  if (material.renderStatus === 'READY') {
    return (
      <>
        <a className="button button-secondary" part="download-pdf" href={material.pdfUrl} download={material.pdfFileName}>
          {t.downloadPdf}
        </a>
        <a className="button button-secondary" part="download-png" href={material.pngUrl} download={material.pngFileName}>
          {t.downloadPng}
        </a>
      </>
    );
  }
  const failed = material.renderStatus === 'FAILED';
  return (
    <>
      <a className="button button-secondary" part="download-pdf" aria-disabled="true" aria-describedby={`render-${material.id}`}>
        {t.downloadPdf}
      </a>
      <a className="button button-secondary" part="download-png" aria-disabled="true" aria-describedby={`render-${material.id}`}>
        {t.downloadPng}
      </a>
      <p id={`render-${material.id}`} className="marketing-render-status" part="render-status" role={failed ? 'alert' : 'status'} data-state={failed ? 'failed' : 'rendering'}>
        {!failed && <progress className="marketing-render-progress" aria-hidden="true" />}
        {failed ? t.renderFailed : t.renderingFiles}
      </p>
    </>
  );
}

function Editor({ editing, props }: { editing: Editing; props: MarketingViewProps }) {
  const { material, template, draft } = editing;
  const openHouseId = useId();
  const chosen = previewPhotos(material, template, draft).map((p) => Number(p.id));
  const saving = editing.save.status === 'saving';
  return (
    <div className="marketing" part="base" data-state="editing" data-template={template.id} data-material-id={material.id} data-render-state={material.renderStatus.toLowerCase()}>
      <div className="marketing-toolbar">
        <Button tone="secondary" part="back" onClick={props.back}>
          {t.backToTemplates}
        </Button>
        <h2 className="marketing-heading">{t.editorHeading(template.name)}</h2>
      </div>
      <div className="marketing-editor">
        <form
          className="marketing-form"
          part="form"
          onSubmit={(event) => {
            event.preventDefault();
            props.save();
          }}
        >
          {template.fields.map((field) => (
            <TextField key={field.key} editing={editing} field={field} onText={props.setText} />
          ))}
          {template.fields.some((f) => f.key === 'openHouseLine') && (
            <div className="marketing-field" part="field">
              <label htmlFor={openHouseId}>{t.openHouseLabel}</label>
              <select id={openHouseId} part="open-house" value={draft.openHouseId ?? ''} onChange={(event) => props.setOpenHouse(event.currentTarget.value || null)}>
                <option value="">{t.noOpenHouse}</option>
                {material.fill.openHouses.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <fieldset className="marketing-photos" part="photos">
            <legend>{t.photosLegend(template.photoSlots)}</legend>
            {material.fill.listingPhotos.length === 0 ? (
              <p className="marketing-hint">{t.noPhotos}</p>
            ) : (
              <ul className="inline-list">
                {material.fill.listingPhotos.map((photo, index) => {
                  const id = Number(photo.id);
                  return (
                    <li key={photo.id}>
                      <label className="marketing-photo" part="photo" data-photo-id={photo.id} data-chosen={chosen.includes(id) ? 'true' : 'false'}>
                        <input type="checkbox" checked={chosen.includes(id)} onChange={() => props.togglePhoto(id, template.photoSlots)} />
                        <img loading="lazy" src={photo.url} alt="" width={96} height={64} />
                        <span>{t.photoLabel(index + 1, photo.caption)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
          <div className="marketing-actions">
            <Button tone="primary" type="submit" part="save" disabled={saving}>
              {saving ? t.saving : t.save}
            </Button>
            <Downloads editing={editing} />
          </div>
          <p className="marketing-status" part="save-status" role={editing.save.status === 'failed' ? 'alert' : 'status'}>
            {editing.save.status === 'failed' ? editing.save.message : editing.save.status === 'saved' && !editing.dirty ? t.saved : editing.dirty ? t.unsavedChanges : ''}
          </p>
        </form>
        <figure className="marketing-preview" part="preview">
          <figcaption>{t.previewHeading}</figcaption>
          <MaterialPreview editing={editing} />
        </figure>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// The listing agent (issue 36): whom the materials name; the partner's staff choose another

const AGENT_CARD_TEXTS = { office: t.listingAgent.office, cell: t.listingAgent.phone, email: '' };

function ListingAgentPanel({ listingAgent, save, choose }: { listingAgent: CaseListingAgent; save: SaveStatus; choose: (agentUserId: string | null) => void }) {
  const headingId = useId();
  const selectId = useId();
  const { agent, candidates, canChange } = listingAgent;
  const [choice, setChoice] = useState(agent?.userId ?? '');
  useEffect(() => setChoice(agent?.userId ?? ''), [agent?.userId]);
  const saving = save.status === 'saving';
  return (
    <section aria-labelledby={headingId} className="marketing-agent" part="listing-agent">
      <h3 id={headingId}>{t.listingAgent.heading}</h3>
      {agent ? (
        <AgentCard
          name={agent.isSeller ? t.listingAgent.seller(agent.name) : agent.name}
          picture={agent.pictureUrl}
          cell={agent.phone ? { href: phoneHref(agent.phone), text: agent.phone } : null}
          texts={AGENT_CARD_TEXTS}
        />
      ) : (
        <p className="marketing-message" part="message">
          {t.listingAgent.noAgent}
        </p>
      )}
      {agent && <p className="marketing-hint">{t.listingAgent.defaultNote}</p>}
      {canChange && candidates.length > 1 && (
        <form
          className="marketing-agent-form"
          onSubmit={(event) => {
            event.preventDefault();
            choose(choice || null);
          }}
        >
          <div className="marketing-field">
            <label htmlFor={selectId}>{t.listingAgent.label}</label>
            <select id={selectId} part="agent-select" value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
              {candidates.map((c) => (
                <option key={c.userId} value={c.userId}>
                  {c.isSeller ? t.listingAgent.seller(c.name) : c.name}
                </option>
              ))}
            </select>
          </div>
          <Button tone="secondary" type="submit" part="agent-save" busy={saving} disabled={choice === (agent?.userId ?? '')}>
            {saving ? t.listingAgent.saving : t.listingAgent.change}
          </Button>
          <p className="marketing-status" part="agent-status" role={save.status === 'failed' ? 'alert' : 'status'}>
            {save.status === 'failed' ? save.message : save.status === 'saved' ? t.listingAgent.saved : ''}
          </p>
        </form>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// The gallery

function Gallery({ state, props }: { state: Extract<MarketingState, { status: 'loaded' }>; props: MarketingViewProps }) {
  const headingId = useId();
  const materialsId = useId();
  const name = (id: string) => state.templates.find((tpl) => tpl.id === id)?.name ?? id;
  return (
    <div className="marketing" part="base" data-state="loaded">
      <h2 className="marketing-heading">{t.heading}</h2>
      <ListingAgentPanel listingAgent={state.listingAgent} save={props.agentSave} choose={props.chooseAgent} />
      <section aria-labelledby={headingId}>
        <h3 id={headingId}>{t.galleryHeading}</h3>
        {state.templates.length === 0 ? (
          <p className="marketing-message" part="message">
            {t.noTemplates}
          </p>
        ) : (
          <ul className="marketing-templates">
            {state.templates.map((template) => {
              const busy = props.creating?.templateId === template.id && !props.creating.failed;
              return (
                <li key={template.id} className="marketing-template" part="template" data-template={template.id} data-category={template.category}>
                  <img src={template.imageUrl} alt={t.templatePreviewAlt(template.name)} width={180} height={Math.round((180 * template.height) / template.width)} />
                  <Button tone="primary" part="use-template" disabled={busy} onClick={() => props.create(template.id)}>
                    {busy ? t.creating : t.useTemplate(template.name)}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {props.creating?.failed && (
          <p className="marketing-error" part="create-error" role="alert">
            {props.creating.failed}
          </p>
        )}
      </section>
      <section aria-labelledby={materialsId}>
        <h3 id={materialsId}>{t.materialsHeading}</h3>
        {state.materials.length === 0 ? (
          <p className="marketing-message" part="message">
            {t.noMaterials}
          </p>
        ) : (
          <ul className="marketing-materials inline-list">
            {state.materials.map((material) => (
              <li key={material.id}>
                <Button tone="secondary" part="material" data-material-id={material.id} onClick={() => props.open(material)}>
                  {t.openMaterial(name(material.template.id), dayText(material.modified))}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function MarketingView(props: MarketingViewProps) {
  const { state } = props;
  if (state.status === 'needs-case') return <AlertPanel block="marketing" state="needs-case" message={t.needsCase} />;
  if (state.status === 'checking' || state.status === 'loading') return <StatusPanel block="marketing" state={{ status: 'loading', message: t.loading }} />;
  if (state.status === 'signed-out') return <StatusPanel block="marketing" state={{ status: 'signed-out', message: t.signedOut, action: t.signIn, onAction: props.signIn }} />;
  if (state.status === 'failed') return <StatusPanel block="marketing" state={{ status: 'failed', message: state.message, action: t.retry, onAction: props.reload }} />;
  if (props.editing) return <Editor editing={props.editing} props={props} />;
  return <Gallery state={state} props={props} />;
}

export interface MarketingProps {
  caseId: number | null;
  element: ElementHandle;
}

export function Marketing({ caseId, element }: MarketingProps) {
  const m = useMarketing(caseId, element);
  return <MarketingView {...m} />;
}
