// SPDX-License-Identifier: GPL-2.0
/*
 * wb_dma: the DMA API on a device that does not snoop the CPU caches.
 *
 * The device tree scripts/wb.py gives PSCI boots is QEMU's without
 * "dma-coherent" on the virtio-mmio transports, so the kernel must
 * treat them as non-coherent.  At load, on the first bound virtio-mmio
 * device:
 *   - the device is non-coherent for the DMA API exactly when its node
 *     lacks "dma-coherent" (of_dma_is_coherent());
 *   - for a non-coherent device, dma_alloc_coherent() returns a remap of
 *     the buffer (not its cacheable linear-map address), whose address
 *     is logged for tests/kmod/dma.sh to look up in the kernel page
 *     table dump, where it must be Normal Non-cacheable;
 *   - a kmalloc buffer is mapped, synced both ways and unmapped in each
 *     direction, and the pattern written before the transfer is still
 *     there after it (the invalidate after a DMA_FROM_DEVICE transfer
 *     drops no line of data the device did not write, since the clean
 *     before it wrote them back);
 * which DMA_API_DEBUG (test kernels) also checks.  Load fails with a
 * message when a check fails; the coherent buffer is freed at unload.
 */
#include <linux/dma-map-ops.h>
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

static struct device *dev;
static void *cpu_addr;
static dma_addr_t dma_handle;

static struct device *find_virtio_mmio(void)
{
	struct device_node *np;

	for_each_compatible_node(np, NULL, "virtio,mmio") {
		struct platform_device *pdev = of_find_device_by_node(np);

		if (!pdev)
			continue;
		if (pdev->dev.driver) {
			of_node_put(np);
			return &pdev->dev;
		}
		put_device(&pdev->dev);
	}
	return NULL;
}

/* Map, sync and unmap buf in one direction; the pattern must survive. */
static int round_trip(u8 *buf, size_t len, enum dma_data_direction dir)
{
	dma_addr_t h;
	size_t i;

	memset(buf, 0xa5, len);
	h = dma_map_single(dev, buf, len, dir);
	if (dma_mapping_error(dev, h)) {
		pr_err("wb_dma: dma_map_single(%zu bytes, dir %d) failed\n", len, dir);
		return -EIO;
	}
	dma_sync_single_for_cpu(dev, h, len, dir);
	dma_sync_single_for_device(dev, h, len, dir);
	dma_unmap_single(dev, h, len, dir);
	for (i = 0; i < len; i++) {
		if (buf[i] != 0xa5) {
			pr_err("wb_dma: dir %d: byte %zu is %#x after the round trip, wrote 0xa5\n",
			       dir, i, buf[i]);
			return -EIO;
		}
	}
	return 0;
}

static int __init wb_dma_init(void)
{
	bool dt_coherent, coherent;
	int ret = -EINVAL;
	u8 *buf;

	dev = find_virtio_mmio();
	if (!dev) {
		pr_err("wb_dma: no bound virtio-mmio device (does QEMU have one?)\n");
		return -ENODEV;
	}
	dt_coherent = of_dma_is_coherent(dev->of_node);
	coherent = dev_is_dma_coherent(dev);
	pr_info("wb_dma: %s: device tree %s dma-coherent, DMA API treats it as %scoherent\n",
		dev_name(dev), dt_coherent ? "says" : "does not say",
		coherent ? "" : "non-");
	if (coherent != dt_coherent) {
		pr_err("wb_dma: the DMA API disagrees with the device tree\n");
		goto put;
	}

	cpu_addr = dma_alloc_coherent(dev, PAGE_SIZE, &dma_handle, GFP_KERNEL);
	if (!cpu_addr) {
		pr_err("wb_dma: dma_alloc_coherent failed\n");
		ret = -ENOMEM;
		goto put;
	}
	pr_info("wb_dma: coherent buffer at %px, %s\n", cpu_addr,
		is_vmalloc_addr(cpu_addr) ? "a remap" : "in the linear map");
	if (!coherent && !is_vmalloc_addr(cpu_addr)) {
		pr_err("wb_dma: a non-coherent device got a cacheable coherent buffer\n");
		goto free;
	}
	memset(cpu_addr, 0x5a, PAGE_SIZE);

	buf = kmalloc(4 * PAGE_SIZE, GFP_KERNEL);
	if (!buf) {
		ret = -ENOMEM;
		goto free;
	}
	/* Whole lines, then a range that starts and ends inside lines. */
	ret = round_trip(buf, 4 * PAGE_SIZE, DMA_TO_DEVICE) ?:
	      round_trip(buf, 4 * PAGE_SIZE, DMA_FROM_DEVICE) ?:
	      round_trip(buf, 4 * PAGE_SIZE, DMA_BIDIRECTIONAL) ?:
	      round_trip(buf + 3, PAGE_SIZE + 5, DMA_FROM_DEVICE);
	kfree(buf);
	if (ret)
		goto free;
	pr_info("wb_dma: round trips in each direction ok\n");
	return 0;

free:
	dma_free_coherent(dev, PAGE_SIZE, cpu_addr, dma_handle);
put:
	put_device(dev);
	return ret;
}

static void __exit wb_dma_exit(void)
{
	dma_free_coherent(dev, PAGE_SIZE, cpu_addr, dma_handle);
	put_device(dev);
}

module_init(wb_dma_init);
module_exit(wb_dma_exit);
MODULE_DESCRIPTION("DMA API checks on a non-coherent device");
MODULE_LICENSE("GPL");
