# The invoicing host in a container: `invoicing serve` on 0.0.0.0:3000, the database and the
# archived documents in the volume /data.
#   docker build -t invoicing .
#   docker run -d --name invoicing -p 3000:3000 -v invoicing-data:/data invoicing
#   docker logs invoicing            # the demo company's key, on the first start
#   docker exec invoicing invoicing backup /data/backup-$(date +%F).sqlite

# Build: install exactly what the lock file says (npm ci builds the packages through `prepare`),
# then drop the development dependencies. better-sqlite3 compiles here if no prebuilt binary fits.
FROM node:22-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    INVOICING_DB=/data/invoicing.sqlite \
    INVOICING_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN ln -s /app/packages/http/bin/invoicing.js /usr/local/bin/invoicing && mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# node is process 1: SIGTERM from `docker stop` reaches the host, which finishes requests in flight.
ENTRYPOINT ["invoicing"]
CMD ["serve"]
