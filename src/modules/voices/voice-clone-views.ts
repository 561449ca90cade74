import { workflowIds } from '../../../workflows/workflow-ids.js';
import { type VoiceClone } from './voices.entity.js';
import { type VoiceCloneView } from './voices.schemas.js';

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
