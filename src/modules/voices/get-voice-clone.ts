import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { workflowIds } from '../../temporal/workflow-ids.js';
import { VoiceClone } from './voices.entity.js';
import { VoiceCloneParams, type VoiceCloneView } from './voices.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';

export function voiceCloneView(clone: VoiceClone): VoiceCloneView {
  return {
    voice_clone_id: clone.id,
    name: clone.name,
    language: clone.language,
    gender: clone.gender,
    description: clone.description ?? null,
    provider: clone.provider,
    status: clone.status,
    progress: clone.progress,
    voice_id: clone.voiceId ?? null,
    error: clone.error ?? null,
    sample_count: clone.sampleCount,
    total_duration_ms: clone.totalDurationMs,
    features: clone.features ?? null,
    workflow_id: workflowIds.voiceClone(clone.id),
    created_at: clone.createdAt.toISOString(),
    finished_at: clone.finishedAt?.toISOString() ?? null,
  };
}

/** A clone of the organization (voices belong to the organization, whichever project made them). */
export async function getVoiceClone(em: Em, principal: Principal, id: string): Promise<VoiceCloneView> {
  requirePermission(principal, 'agents:read');
  const { voice_clone_id } = parseInput(VoiceCloneParams, { voice_clone_id: id }, 'path');
  const clone = await em.findOne(VoiceClone, { id: voice_clone_id, organization: principal.organizationId });
  if (!clone) throw notFound('Voice clone', voice_clone_id);
  return voiceCloneView(clone);
}

/** The organization's clones, newest first (at most 100). */
export async function listVoiceClones(em: Em, principal: Principal, query: Page): Promise<PageOf<VoiceCloneView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, VoiceClone, { organization: principal.organizationId }, query, { list: 'voice_clones', order: 'desc' });
  return { ...page, items: page.items.map(voiceCloneView) };
}
