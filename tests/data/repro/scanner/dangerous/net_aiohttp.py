# expect: network
import asyncio
import aiohttp

async def main():
    async with aiohttp.ClientSession() as session:
        await session.get("https://example.com")

asyncio.run(main())
