/** The benchmark's baseline: a bare Fastify hello-world on PORT, run in its own process like the API. */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

const port = Number(process.env.PORT ?? 3001);
await app.listen({ host: "127.0.0.1", port });
console.log(`hello-world on http://127.0.0.1:${port}/`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
