# syntax=docker/dockerfile:1.7
# One multi-stage build for every deployable of the workspace:
#   docker build --build-arg PACKAGE=@tunnelscope/forms-service --target service .
#   docker build --build-arg PACKAGE=@tunnelscope/gateway --target gateway .
ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS workspace
ENV COREPACK_INTEGRITY_KEYS=0 COREPACK_ENABLE_DOWNLOAD_PROMPT=0 CI=true
RUN corepack enable
WORKDIR /repo
# Dependencies first, so a source change does not refetch them.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
ARG PACKAGE
RUN test -n "${PACKAGE}" || (echo "build with --build-arg PACKAGE=<workspace package>" && exit 1)
RUN pnpm turbo run build --filter="${PACKAGE}..." --filter=@tunnelscope/public-web --filter=@tunnelscope/admin-web \
 && mkdir -p apps/public-web/dist apps/admin-web/dist
# A self-contained copy of the package with its production dependencies only.
RUN pnpm deploy --filter="${PACKAGE}" --prod --legacy /out

FROM ${NODE_IMAGE} AS service
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=workspace --chown=node:node /out ./
USER node
CMD ["node", "dist/server.js"]

FROM service AS gateway
COPY --from=workspace --chown=node:node /repo/apps/public-web/dist ./web/public
COPY --from=workspace --chown=node:node /repo/apps/admin-web/dist ./web/admin
ENV PUBLIC_WEB_DIST=/app/web/public ADMIN_WEB_DIST=/app/web/admin
EXPOSE 8080
