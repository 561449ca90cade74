# Production image: compiled JavaScript on Node 22 with the workflows bundled ahead of time; the same image runs
# every role: the API (`serve`), the Temporal worker (`worker`), the media runtime (`media`, which needs
# espeak-ng, flite, sox and pocketsphinx) and the migrations (`dist/src/migrate-cli.js up`). docs/deploy.md.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY scripts ./scripts
COPY dashboard-app ./dashboard-app
# tsc, then scripts/bundle-workflows.ts writes dist/workflow-bundle.js (the worker loads it: no bundling at start-up),
# then scripts/build-dashboard.ts builds the console into dashboard-app/dist (Vite; served by the API).
RUN npm run build && npm prune --omit=dev --omit=optional

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 RECORDINGS_DIR=/recordings DATA_DIR=/data
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng flite sox pocketsphinx pocketsphinx-en-us \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /recordings /data && chown node:node /recordings /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dashboard-app/dist ./dashboard-app/dist
USER node
VOLUME ["/recordings"]
EXPOSE 3000 5060/udp
CMD ["node", "--enable-source-maps", "dist/src/main.js", "serve"]
