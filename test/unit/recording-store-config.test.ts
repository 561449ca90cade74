import { describe, it, expect } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.js';
import { LocalFolderStore, recordingStoreFrom } from '../../src/modules/calls/recording-store.js';
import { S3Store } from '../../src/modules/calls/s3-recording-store.js';

describe('recording store settings', () => {
  it('default to the local folder under DATA_DIR, or RECORDINGS_DIR', async () => {
    expect(loadConfig({}).recordings.store).toEqual({ kind: 'local', dir: '.data/recordings' });
    const config = loadConfig({ RECORDINGS_DIR: '/var/rec' });
    expect(config.recordings).toMatchObject({ dir: '/var/rec', store: { kind: 'local', dir: '/var/rec' } });
    expect(await recordingStoreFrom(config)).toBeInstanceOf(LocalFolderStore);
  });

  it('select S3 with its settings; path style follows S3_ENDPOINT unless set', async () => {
    const onAws = loadConfig({ RECORDING_STORE: 's3', S3_BUCKET: 'calls-prod' });
    expect(onAws.recordings.store).toEqual({
      kind: 's3',
      bucket: 'calls-prod',
      region: 'us-east-1',
      endpoint: undefined,
      prefix: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const compatible = loadConfig({
      RECORDING_STORE: 's3',
      S3_BUCKET: 'calls',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-west-3',
      S3_PREFIX: 'rec/',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: 'secret-1',
    });
    expect(compatible.recordings.store).toEqual({
      kind: 's3',
      bucket: 'calls',
      region: 'eu-west-3',
      endpoint: 'http://minio.internal:9000',
      prefix: 'rec/',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret-1' },
    });
    const virtualHosted = loadConfig({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' });
    expect(virtualHosted.recordings.store).toMatchObject({ forcePathStyle: false });
    const store = await recordingStoreFrom(compatible);
    expect(store).toBeInstanceOf(S3Store);
    expect((store as S3Store).objectKey('org_1/a.wav')).toBe('rec/org_1/a.wav');
    (store as S3Store).close();
  });

  it('stop start-up naming the setting that is missing or wrong', () => {
    const fails = (env: Record<string, string>, message: RegExp) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    };
    fails({ RECORDING_STORE: 's3' }, /S3_BUCKET: required when RECORDING_STORE=s3/);
    fails({ RECORDING_STORE: 'gcs' }, /RECORDING_STORE/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_ACCESS_KEY_ID: 'AKIA1' }, /S3_SECRET_ACCESS_KEY: set both S3 keys, or neither/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_SECRET_ACCESS_KEY: 'x' }, /S3_ACCESS_KEY_ID: set both/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls/x' }, /S3_BUCKET: must be a bucket name/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_PREFIX: 'a/../b' }, /S3_PREFIX: must be path segments/);
    fails({ RECORDING_STORE: 's3', S3_BUCKET: 'calls', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/);
  });
});
