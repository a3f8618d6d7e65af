// SPDX-License-Identifier: GPL-2.0-only
/*
 * arp IFNAME: send an ARP request for QEMU's user-mode network gateway
 * (10.0.2.2) out of IFNAME through a packet socket, and wait up to five
 * seconds for the gateway's reply.  This needs no IP stack in the
 * guest: only the NIC's driver, transmitting and receiving.  Prints the
 * gateway's MAC address; exits 1 (with a FAIL line) otherwise.
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/if_ether.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include "wb.h"

static const unsigned char gateway_ip[4] = { 10, 0, 2, 2 };
static const unsigned char guest_ip[4] = { 10, 0, 2, 15 };

struct arp_frame {
	struct ether_header eth;
	struct ether_arp arp;
} __attribute__((packed));

int main(int argc, char **argv)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	struct arp_frame req = { 0 }, rep;
	struct ifreq ifr = { 0 };
	struct timespec t0, t;
	int fd;

	if (argc != 2)
		wb_fail("usage: arp IFNAME");
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ARP));
	wb_check(fd >= 0, "socket(AF_PACKET)");
	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", argv[1]);
	wb_check(ioctl(fd, SIOCGIFINDEX, &ifr) == 0, "SIOCGIFINDEX %s", argv[1]);
	sll.sll_ifindex = ifr.ifr_ifindex;
	wb_check(ioctl(fd, SIOCGIFHWADDR, &ifr) == 0, "SIOCGIFHWADDR %s", argv[1]);
	wb_check(bind(fd, (struct sockaddr *)&sll, sizeof(sll)) == 0, "bind");

	memset(req.eth.ether_dhost, 0xff, ETH_ALEN);
	memcpy(req.eth.ether_shost, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	req.eth.ether_type = htons(ETH_P_ARP);
	req.arp.arp_hrd = htons(ARPHRD_ETHER);
	req.arp.arp_pro = htons(ETH_P_IP);
	req.arp.arp_hln = ETH_ALEN;
	req.arp.arp_pln = 4;
	req.arp.arp_op = htons(ARPOP_REQUEST);
	memcpy(req.arp.arp_sha, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	memcpy(req.arp.arp_spa, guest_ip, 4);
	memcpy(req.arp.arp_tpa, gateway_ip, 4);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int tries = 0; tries < 5; tries++) {
		wb_check(send(fd, &req, sizeof(req), 0) == sizeof(req), "send");
		for (;;) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			ssize_t n;

			if (poll(&p, 1, 1000) <= 0)
				break;
			n = recv(fd, &rep, sizeof(rep), 0);
			wb_check(n >= 0, "recv");
			if (n < (ssize_t)sizeof(rep) ||
			    rep.arp.arp_op != htons(ARPOP_REPLY) ||
			    memcmp(rep.arp.arp_spa, gateway_ip, 4) ||
			    memcmp(rep.arp.arp_tha, req.arp.arp_sha, ETH_ALEN))
				continue;
			clock_gettime(CLOCK_MONOTONIC, &t);
			printf("10.0.2.2 is at %02x:%02x:%02x:%02x:%02x:%02x (after %d request(s), %ld ms)\n",
			       rep.arp.arp_sha[0], rep.arp.arp_sha[1],
			       rep.arp.arp_sha[2], rep.arp.arp_sha[3],
			       rep.arp.arp_sha[4], rep.arp.arp_sha[5], tries + 1,
			       (t.tv_sec - t0.tv_sec) * 1000 +
			       (t.tv_nsec - t0.tv_nsec) / 1000000);
			return 0;
		}
	}
	wb_fail("no ARP reply from 10.0.2.2 on %s after 5 requests", argv[1]);
}
