import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError, validationFailed, type FieldIssue } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf } from '../agents/agent-access.js';
import { OutboundRequestError, safeRequest, type Lookup } from '../outbound-http.js';
import { startWorkflowOrClose, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { VoiceCloneInput, VoiceCloneProgress } from '../../../workflows/voice-clone/messages.js';
import { VoiceClone, VoiceCloneSample } from './voices.entity.js';
import { SAMPLE_LIMITS, StartVoiceCloneBody, type VoiceCloneView } from './voices.schemas.js';
import { parseWav, WavError, type WavInfo } from './wav-samples.js';
import { voiceCloneView } from './voice-clone-views.js';

export interface VoiceCloneSettings {
  /** Hosts a sample URL may name although private (config OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  lookup?: Lookup;
}

interface CheckedSample {
  audio: Buffer;
  info: WavInfo;
  sourceUrl: string | null;
}

/**
 * Starts a voice clone (voice_clone_start, POST /v1/voice/clone): every
 * sample is decoded or fetched now and checked to be PCM WAV, so bad input is
 * a clear 400/422 at once rather than a failed job later; the clone and its
 * samples are written with the audit event in one transaction, then
 * `voice-clone/<id>` is started. The same idempotency key returns the clone
 * it started, with its current status.
 */
export const startVoiceClone = operation(
  { needs: 'agents:write', input: StartVoiceCloneBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof StartVoiceCloneBody>,
    temporal: TemporalAccess,
    settings: VoiceCloneSettings,
  ): Promise<VoiceCloneView> => {
    const existing = body.idempotency_key
      ? await em.findOne(VoiceClone, { organization: principal.organizationId, idempotencyKey: body.idempotency_key })
      : null;
    if (existing) return resume(em, existing, temporal);

    const samples: CheckedSample[] = [];
    for (let i = 0; i < body.samples.length; i++) samples.push(await checkSample(body.samples[i], `samples.${i}`, settings));
    const totalBytes = samples.reduce((n, s) => n + s.audio.length, 0);
    const totalMs = samples.reduce((n, s) => n + s.info.durationMs, 0);
    if (totalBytes > SAMPLE_LIMITS.maxTotalBytes) {
      throw unusable('samples', `The samples add up to ${mib(totalBytes)} MiB; at most ${mib(SAMPLE_LIMITS.maxTotalBytes)} MiB in total are accepted`);
    }
    if (totalMs < SAMPLE_LIMITS.minTotalSeconds * 1000) {
      throw unusable('samples', `The samples hold ${(totalMs / 1000).toFixed(1)} s of audio; at least ${SAMPLE_LIMITS.minTotalSeconds} s in total are needed`);
    }
    if (totalMs > SAMPLE_LIMITS.maxTotalSeconds * 1000) {
      throw unusable('samples', `The samples hold ${(totalMs / 1000).toFixed(1)} s of audio; at most ${SAMPLE_LIMITS.maxTotalSeconds} s in total are accepted`);
    }

    const id = newId('voiceClone');
    let clone: VoiceClone;
    try {
      clone = await em.transactional(async (tx) => {
        const made = tx.create(VoiceClone, {
          id,
          organization: principal.organizationId,
          projectId: principal.projectId ?? null,
          name: body.name,
          language: body.language,
          gender: body.gender,
          description: body.description ?? null,
          provider: 'simulated',
          status: 'queued',
          progress: 0,
          sampleCount: samples.length,
          totalDurationMs: totalMs,
          features: null,
          providerJobId: null,
          voiceId: null,
          error: null,
          idempotencyKey: body.idempotency_key ?? null,
          createdBy: actorOf(principal),
          finishedAt: null,
        });
        samples.forEach((s, seq) =>
          tx.create(VoiceCloneSample, {
            id: newId('voiceCloneSample'),
            clone: id,
            seq,
            sourceUrl: s.sourceUrl,
            sampleRate: s.info.sampleRate,
            channels: s.info.channels,
            bitsPerSample: s.info.bitsPerSample,
            durationMs: s.info.durationMs,
            audio: s.audio,
          }),
        );
        recordAudit(tx, principal, {
          action: 'voice_clone.start',
          targetType: 'voice_clone',
          targetId: id,
          data: { name: body.name, samples: samples.length, total_duration_ms: totalMs },
        });
        await tx.flush();
        return made;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && body.idempotency_key) {
        const winner = await em.fork().findOne(VoiceClone, { organization: principal.organizationId, idempotencyKey: body.idempotency_key });
        if (winner) return resume(em.fork(), winner, temporal);
      }
      throw error;
    }
    await startWorkflow(em, clone, temporal);
    return voiceCloneView(clone);
  },
);

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const unusable = (field: string, message: string) => new DomainError('UNPROCESSABLE', message, { issues: [{ field, message }] as FieldIssue[] });

async function checkSample(sample: { audio_base64?: string; url?: string }, field: string, settings: VoiceCloneSettings): Promise<CheckedSample> {
  let audio: Buffer;
  let sourceUrl: string | null = null;
  if (sample.audio_base64 !== undefined) {
    const text = sample.audio_base64.replace(/^data:audio\/[\w.+-]+;base64,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0 || text.length === 0) {
      throw validationFailed([{ field: `${field}.audio_base64`, message: 'is not valid base64' }], `${field}.audio_base64 is not valid base64`);
    }
    audio = Buffer.from(text, 'base64');
    if (audio.length > SAMPLE_LIMITS.maxSampleBytes) {
      throw unusable(
        `${field}.audio_base64`,
        `Sample ${field} is ${mib(audio.length)} MiB; at most ${mib(SAMPLE_LIMITS.maxSampleBytes)} MiB per sample are accepted`,
      );
    }
  } else {
    sourceUrl = sample.url!;
    audio = await fetchSample(sourceUrl, `${field}.url`, settings);
  }
  try {
    return { audio, info: parseWav(audio), sourceUrl };
  } catch (error) {
    if (error instanceof WavError) throw unusable(sourceUrl ? `${field}.url` : `${field}.audio_base64`, `Sample ${field} ${error.message}`);
    throw error;
  }
}

async function fetchSample(url: string, field: string, settings: VoiceCloneSettings): Promise<Buffer> {
  try {
    const response = await safeRequest(url, {
      allowedHosts: settings.allowedHosts,
      lookup: settings.lookup,
      headers: { accept: 'audio/wav, audio/x-wav, */*' },
      maxBytes: SAMPLE_LIMITS.maxSampleBytes,
      timeoutMs: 20_000,
    });
    if (response.status < 200 || response.status > 299) throw unusable(field, `Fetching ${field} answered HTTP ${response.status}`);
    return response.bytes ?? Buffer.from(response.text);
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.kind === 'invalid_url') throw validationFailed([{ field, message: error.message }], `${field}: ${error.message}`);
    if (error.kind === 'too_large') throw unusable(field, `The sample at ${field} is larger than ${mib(SAMPLE_LIMITS.maxSampleBytes)} MiB per sample`);
    throw unusable(field, `The sample at ${field} could not be fetched: ${error.message}`);
  }
}

async function resume(em: Em, clone: VoiceClone, temporal: TemporalAccess): Promise<VoiceCloneView> {
  if (clone.status === 'queued') await startWorkflow(em, clone, temporal);
  return voiceCloneView(clone);
}

/** Starts `voice-clone/<id>`; already started is success (a retry). Any other failure marks the clone failed. */
async function startWorkflow(em: Em, clone: VoiceClone, temporal: TemporalAccess): Promise<void> {
  await startWorkflowOrClose<(input: VoiceCloneInput) => Promise<VoiceCloneProgress>>(
    temporal,
    'voiceClone',
    workflowIds.voiceClone(clone.id),
    [{ voiceCloneId: clone.id }],
    {
      noun: 'voice clone',
      details: { voice_clone_id: clone.id },
      close: (error) => em.nativeUpdate(VoiceClone, { id: clone.id, status: 'queued' }, { status: 'failed', error, finishedAt: new Date() }),
    },
  );
}
